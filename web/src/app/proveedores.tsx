import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { CarritoProvider } from '../carrito/carrito-context';
import { UsuarioProvider } from '../sesion/usuario-context';
import { theme } from './theme';

/** A refusal (4xx: bad filter, not found, not allowed) is the answer: asking again only delays its message. */
const reintentar = (veces: number | false) => (fallos: number, error: unknown) =>
  veces !== false && fallos < veces && !(error instanceof ApiError && error.status < 500);

export const nuevoQueryClient = ({ retry = 1 }: { retry?: number | false } = {}) =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: reintentar(retry), refetchOnWindowFocus: false } } });

// Toasts go through @mantine/notifications' store, which works before their container mounts: the
// container (transitions, portal) is fetched with the first toast, not with every first page.
const Notificaciones = lazy(() => import('../components/notificaciones'));

function NotificacionesDiferidas() {
  const { notifications } = useNotifications();
  const [montar, setMontar] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setMontar(true);
  }, [notifications.length]);
  if (!montar) return null;
  return (
    <Suspense fallback={null}>
      <Notificaciones />
    </Suspense>
  );
}

/** What every screen stands on, in the browser and in the server's prerender alike. */
export function Proveedores({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <NotificacionesDiferidas />
      <QueryClientProvider client={queryClient}>
        <UsuarioProvider>
          <CarritoProvider>{children}</CarritoProvider>
        </UsuarioProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
