import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { ATRIBUTO_APP_MONTADA } from '../../../domain/prerender';
import { Proveedores } from './proveedores';

export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  useEffect(() => document.documentElement.setAttribute(ATRIBUTO_APP_MONTADA, ''), []);
  return (
    <Proveedores queryClient={queryClient}>
      <RouterProvider router={router} />
    </Proveedores>
  );
}
