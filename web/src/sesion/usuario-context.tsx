import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { UsuarioSesion } from '../../../domain/auth';
import { ROLES } from '../../../domain/enums';
import { cerrarSesion, obtenerUsuarioActual } from '../api/auth';
import { dibujadaEnServidor } from '../app/dibujada-en-servidor';

const CLAVE_ALMACENAMIENTO = 'usuario';

interface UsuarioContexto {
  usuario: UsuarioSesion | null;
  /** True until the stored user has been read (and checked against the server). */
  cargando: boolean;
  guardarUsuario: (usuario: UsuarioSesion) => void;
  salir: () => Promise<void>;
}

const Contexto = createContext<UsuarioContexto | null>(null);

/**
 * The shape of `UsuarioSesion`, checked by hand: with the zod schema here, zod would ride in the first
 * page's JavaScript (docs/performance.md). The server's session stays the authority either way.
 */
function esUsuarioSesion(x: unknown): x is UsuarioSesion {
  if (typeof x !== 'object' || x === null) return false;
  const u = x as Record<string, unknown>;
  return (
    Number.isInteger(u.id) &&
    typeof u.usuario === 'string' &&
    (ROLES as readonly unknown[]).includes(u.rol) &&
    (u.mensaje === null || typeof u.mensaje === 'string')
  );
}

/** The user this browser keeps (null on the server, or when nothing valid is stored). */
export function leerUsuarioGuardado(): UsuarioSesion | null {
  try {
    const guardado: unknown = JSON.parse(localStorage.getItem(CLAVE_ALMACENAMIENTO) ?? 'null');
    return esUsuarioSesion(guardado) ? guardado : null;
  } catch {
    return null;
  }
}

/** The logged-in user, kept in local storage (spec section 3) and confirmed by the server's session. */
export function UsuarioProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [usuario, setUsuario] = useState<UsuarioSesion | null>(() => (dibujadaEnServidor ? null : leerUsuarioGuardado()));
  const [cargando, setCargando] = useState(true);

  useEffect(() => {
    // Transitions: the page is on screen already (the server's, or the first render's), and React may
    // still be taking it over; an urgent update would make it finish in one long task.
    if (dibujadaEnServidor) startTransition(() => setUsuario(leerUsuarioGuardado()));
    let vigente = true;
    obtenerUsuarioActual()
      .then((actual) => {
        if (!vigente) return;
        if (actual) localStorage.setItem(CLAVE_ALMACENAMIENTO, JSON.stringify(actual));
        else localStorage.removeItem(CLAVE_ALMACENAMIENTO);
        startTransition(() => setUsuario(actual));
      })
      // A network failure keeps the stored user: the next API call will tell.
      .catch(() => undefined)
      .finally(() => vigente && startTransition(() => setCargando(false)));
    return () => {
      vigente = false;
    };
  }, []);

  const guardarUsuario = useCallback(
    (nuevo: UsuarioSesion) => {
      localStorage.setItem(CLAVE_ALMACENAMIENTO, JSON.stringify(nuevo));
      setUsuario(nuevo);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const salir = useCallback(async () => {
    try {
      await cerrarSesion();
    } finally {
      localStorage.removeItem(CLAVE_ALMACENAMIENTO);
      setUsuario(null);
      queryClient.clear();
    }
  }, [queryClient]);

  const valor = useMemo(() => ({ usuario, cargando, guardarUsuario, salir }), [usuario, cargando, guardarUsuario, salir]);
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

export function useUser(): UsuarioContexto {
  const contexto = useContext(Contexto);
  if (!contexto) throw new Error('useUser debe usarse dentro de UserProvider');
  return contexto;
}
