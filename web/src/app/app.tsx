import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { ATRIBUTO_APP_MONTADA } from '../../../domain/prerender';
import { Proveedores } from './proveedores';
import { Pantallas } from './rutas';

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => document.documentElement.setAttribute(ATRIBUTO_APP_MONTADA, ''), []);
  return (
    <Proveedores queryClient={queryClient}>
      <BrowserRouter>
        <Pantallas />
      </BrowserRouter>
    </Proveedores>
  );
}
