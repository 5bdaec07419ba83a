// The page's <title> in the browser (the server writes the same into the HTML it sends, server/web/):
// the route's title from domain/titulos.ts, or the one a page sets with useTituloPagina when it
// depends on its data (a product's name).
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { TITULO_NO_ENCONTRADA, tituloCompleto, tituloDeRuta } from '../../../domain/titulos';

type TituloPropio = { ruta: string; titulo: string } | null;

const FijarTitulo = createContext<(titulo: TituloPropio) => void>(() => undefined);

/** Around every screen (layout.tsx): keeps document.title in step with the address. */
export function TituloDePagina({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [propio, setPropio] = useState<TituloPropio>(null);
  const titulo = propio?.ruta === pathname ? propio.titulo : (tituloDeRuta(pathname) ?? tituloCompleto(TITULO_NO_ENCONTRADA));
  useEffect(() => {
    document.title = titulo;
  }, [titulo]);
  return <FijarTitulo.Provider value={setPropio}>{children}</FijarTitulo.Provider>;
}

/** A page's own full title (domain/titulos.ts), instead of its route's, while it is on screen; none: the route's. */
export function useTituloPagina(titulo: string | null | undefined) {
  const fijar = useContext(FijarTitulo);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!titulo) return;
    fijar({ ruta: pathname, titulo });
    return () => fijar(null);
  }, [fijar, pathname, titulo]);
}
