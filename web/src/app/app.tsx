import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CarritoProvider } from '../carrito/carrito-context';
import { UsuarioProvider } from '../sesion/usuario-context';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <UsuarioProvider>
          <CarritoProvider>
            <RouterProvider router={router} />
          </CarritoProvider>
        </UsuarioProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
