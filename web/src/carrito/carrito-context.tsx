import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { CARRITO_VACIO, carritoGuardado, carritoReducer, carritoVacio, totalItems, type AccionCarrito, type Carrito } from '../../../domain/carrito';
import { dibujadaEnServidor } from '../app/dibujada-en-servidor';
import { leerUsuarioGuardado, useUser } from '../sesion/usuario-context';

interface CarritoContexto {
  carrito: Carrito;
  despachar: (accion: AccionCarrito) => void;
  cantidadItems: number;
  panelAbierto: boolean;
  abrirPanel: () => void;
  cerrarPanel: () => void;
}

const Contexto = createContext<CarritoContexto | null>(null);

/** Each user keeps their own cart in this browser; a visitor has one too until logging in. */
const claveDe = (userId: number | undefined) => `carrito:${userId ?? 'visitante'}`;

function leerCarrito(clave: string): Carrito {
  try {
    return carritoGuardado(JSON.parse(localStorage.getItem(clave) ?? 'null')) ?? CARRITO_VACIO;
  } catch {
    return CARRITO_VACIO;
  }
}

export function CarritoProvider({ children }: { children: ReactNode }) {
  const { usuario, cargando } = useUser();
  const clave = claveDe(usuario?.id);
  const [carrito, despachar] = useReducer(carritoReducer, clave, (c) => (dibujadaEnServidor ? CARRITO_VACIO : leerCarrito(c)));
  // The key of the cart read from storage; null until it has been read (see dibujadaEnServidor).
  const [claveCargada, setClaveCargada] = useState<string | null>(dibujadaEnServidor ? null : clave);
  const [panelAbierto, setPanelAbierto] = useState(false);

  useEffect(() => {
    if (!dibujadaEnServidor) return;
    // Runs before UsuarioProvider's: the stored user is read here too, as the first render would have.
    // After the server's page is on screen, as a transition: an urgent update here would make React
    // finish taking over the page and redraw it in one long task.
    const guardada = claveDe(leerUsuarioGuardado()?.id);
    startTransition(() => {
      despachar({ tipo: 'reemplazar', carrito: leerCarrito(guardada) });
      setClaveCargada(guardada);
    });
  }, []);

  // On login or logout, switch to that user's cart; a visitor's cart moves into the first login.
  useEffect(() => {
    if (cargando || claveCargada === null || clave === claveCargada) return;
    const propio = leerCarrito(clave);
    const deVisitante = claveCargada === claveDe(undefined) ? carrito : CARRITO_VACIO;
    despachar({ tipo: 'reemplazar', carrito: carritoVacio(propio) ? deVisitante : propio });
    if (claveCargada === claveDe(undefined)) localStorage.removeItem(claveCargada);
    setClaveCargada(clave);
  }, [cargando, clave, claveCargada, carrito]);

  useEffect(() => {
    if (claveCargada !== null && clave === claveCargada) localStorage.setItem(clave, JSON.stringify(carrito));
  }, [carrito, clave, claveCargada]);

  const abrirPanel = useCallback(() => setPanelAbierto(true), []);
  const cerrarPanel = useCallback(() => setPanelAbierto(false), []);
  const valor = useMemo(
    () => ({ carrito, despachar, cantidadItems: totalItems(carrito), panelAbierto, abrirPanel, cerrarPanel }),
    [carrito, panelAbierto, abrirPanel, cerrarPanel],
  );
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

export function useCarrito(): CarritoContexto {
  const contexto = useContext(Contexto);
  if (!contexto) throw new Error('useCarrito debe usarse dentro de CarritoProvider');
  return contexto;
}
