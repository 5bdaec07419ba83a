// The catalogue's search box as an ARIA 1.2 combobox (an input that controls a listbox of suggestions,
// aria-activedescendant for the highlighted one) in plain elements and a CSS module, like the other
// filters: the server draws the closed box, and nothing here runs a layout effect or measures itself
// after hydration (docs/decisions/015); the one effect takes in what was typed before it. The list only
// exists once the person types.
import { IconSearch, IconTag } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import type { AutocompletarProducto } from '../../../../domain/busqueda';
import { urlMiniatura } from '../../../../domain/imagenes';
import { LARGO_MAXIMO_BUSQUEDA } from '../../../../domain/paginacion-reglas';
import { formatearPrecio } from '../../../../domain/money';
import { LARGO_MINIMO_SUGERENCIAS, useAutocompletar } from '../../api/autocompletar';
import { urlImagen } from '../../app/paths';
import { useValorAntesDeLaApp } from '../../components/antes-de-la-app';
import filtros from './filtros.module.css';
import classes from './busqueda-sugerida.module.css';

/** What the person chose: a brand (the brand filter) or a product (its page). */
export type Sugerencia = { tipo: 'marca'; marca: string } | { tipo: 'producto'; producto: AutocompletarProducto };

interface Props {
  etiqueta: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  onChange: (texto: string) => void;
  /** Enter with no suggestion highlighted: search the text now. */
  onBuscar: (texto: string) => void;
  onElegir: (sugerencia: Sugerencia) => void;
  /** The box itself, for a page that gives it the focus back. */
  cajaRef?: RefObject<HTMLInputElement | null>;
  style?: CSSProperties;
}

/** Suggestions are asked this long after the last key: one request per pause, not per letter. */
const ESPERA_SUGERENCIAS_MS = 150;

export function BusquedaSugerida({ etiqueta, placeholder, maxLength, value, onChange, onBuscar, onElegir, cajaRef, style }: Props) {
  const id = useId();
  const idLista = `${id}-sugerencias`;
  const idOpcion = (i: number) => `${id}-opcion-${i}`;
  const [abierta, setAbierta] = useState(false);
  const [activa, setActiva] = useState(-1);
  // What was typed before the app took the page over is the search, with its suggestions if still there.
  const caja = useValorAntesDeLaApp(value, (escrito, input) => {
    onChange(escrito);
    if (document.activeElement === input) setAbierta(true);
  });
  const texto = value.trim();
  const [textoEsperado] = useDebouncedValue(texto, ESPERA_SUGERENCIAS_MS);
  // Asked only while the person types in the box (not for a search that came in the URL), and never for a
  // text longer than the server takes (a shared link's: the page already says so).
  const consulta = useAutocompletar(abierta && textoEsperado.length <= LARGO_MAXIMO_BUSQUEDA ? textoEsperado : '');

  const conTexto = texto.length >= LARGO_MINIMO_SUGERENCIAS && texto.length <= LARGO_MAXIMO_BUSQUEDA;
  const datos = conTexto ? consulta.data : undefined;
  // The last text's suggestions stay in sight, dimmed, while the current text's come (keepPreviousData: the
  // list does not blink), but they are not options: with 'regla' typed, Enter must not choose the 'Bic' of 'bic'.
  const anteriores = conTexto && (textoEsperado !== texto || consulta.isPlaceholderData);
  const sugerencias: Sugerencia[] = datos
    ? [...datos.marcas.map((marca) => ({ tipo: 'marca' as const, marca })), ...datos.productos.map((producto) => ({ tipo: 'producto' as const, producto }))]
    : [];
  const cargando = conTexto && (anteriores || consulta.isFetching);
  const visible = abierta && conTexto && (sugerencias.length > 0 || cargando || consulta.isSuccess);
  const conOpciones = visible && sugerencias.length > 0 && !anteriores;
  const indiceActivo = conOpciones && activa < sugerencias.length ? activa : -1;

  const cerrar = () => {
    setAbierta(false);
    setActiva(-1);
  };
  const elegir = (s: Sugerencia) => {
    cerrar();
    onElegir(s);
  };
  const mover = (paso: 1 | -1) => {
    if (!visible) {
      setAbierta(true);
      return;
    }
    if (!conOpciones) return;
    // From the box, down goes to the first and up to the last; past either end, back to the box.
    const siguiente = indiceActivo + paso;
    const nueva = siguiente < -1 ? sugerencias.length - 1 : siguiente >= sugerencias.length ? -1 : siguiente;
    setActiva(nueva);
    // The list scrolls; the highlighted option stays in sight (it is already drawn, with its id).
    if (nueva >= 0) document.getElementById(idOpcion(nueva))?.scrollIntoView({ block: 'nearest' });
  };

  const alPresionar = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      mover(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const s = indiceActivo >= 0 ? sugerencias[indiceActivo] : undefined;
      if (s) elegir(s);
      else {
        cerrar();
        onBuscar(value);
      }
    } else if (e.key === 'Escape' && visible) {
      // Closes the list; a second Escape clears the box (the search input's own behaviour).
      e.preventDefault();
      cerrar();
    }
  };

  const marcas = sugerencias.filter((s) => s.tipo === 'marca');
  const productos = sugerencias.filter((s) => s.tipo === 'producto');
  const opcion = (s: Sugerencia, i: number) => (
    <div
      key={s.tipo === 'marca' ? `m-${s.marca}` : `p-${s.producto.id}`}
      id={idOpcion(i)}
      role="option"
      aria-selected={i === indiceActivo}
      className={classes.opcion}
      onClick={() => !anteriores && elegir(s)}
      onMouseMove={() => !anteriores && i !== indiceActivo && setActiva(i)}
    >
      {s.tipo === 'marca' ? (
        <>
          <IconTag size={18} className={classes.iconoMarca} aria-hidden />
          <span className={classes.nombre}>{s.marca}</span>
        </>
      ) : (
        <>
          <img className={classes.miniatura} src={urlMiniatura(s.producto.imagen) ?? urlImagen(null)} alt="" width={32} height={32} loading="lazy" />
          <span className={classes.nombre}>
            {s.producto.denominacion}
            <span className={classes.detalle}>{s.producto.marca}</span>
          </span>
          <span className={classes.precio}>{formatearPrecio(s.producto.precio)}</span>
        </>
      )}
    </div>
  );

  return (
    <div className={filtros.campo} style={style}>
      <label className={filtros.etiqueta} htmlFor={id}>
        {etiqueta}
      </label>
      <div className={filtros.caja}>
        <IconSearch size={16} className={filtros.iconoIzquierda} aria-hidden />
        <input
          ref={(input) => {
            caja.current = input;
            if (cajaRef) cajaRef.current = input;
          }}
          id={id}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={conOpciones}
          aria-controls={idLista}
          aria-activedescendant={indiceActivo >= 0 ? idOpcion(indiceActivo) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          className={`${filtros.control} ${filtros.conIcono}`}
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            setAbierta(true);
            setActiva(-1);
          }}
          onKeyDown={alPresionar}
          onBlur={cerrar}
        />
        {/* Not a Tab stop of its own (Chromium makes a scrolling box one): Tab leaves the box for the next field.
            The box keeps the focus: a click on an option or the scrollbar does not blur it. */}
        <div className={classes.panel} hidden={!visible} tabIndex={-1} onMouseDown={(e) => e.preventDefault()}>
          {cargando && (sugerencias.length === 0 || anteriores) && <p className={classes.aviso}>Buscando sugerencias…</p>}
          {!cargando && sugerencias.length === 0 && <p className={classes.aviso}>Sin sugerencias: Enter busca el texto.</p>}
          <div
            id={idLista}
            role="listbox"
            aria-label="Sugerencias"
            className={`${classes.lista} ${anteriores ? classes.anteriores : ''}`}
            hidden={!visible || sugerencias.length === 0}
            aria-hidden={anteriores || undefined}
          >
            {marcas.length > 0 && (
              <div role="group" aria-labelledby={`${id}-marcas`}>
                <div id={`${id}-marcas`} className={classes.grupo}>
                  Marcas
                </div>
                {marcas.map((s, i) => opcion(s, i))}
              </div>
            )}
            {productos.length > 0 && (
              <div role="group" aria-labelledby={`${id}-productos`}>
                <div id={`${id}-productos`} className={classes.grupo}>
                  Productos
                </div>
                {productos.map((s, i) => opcion(s, marcas.length + i))}
              </div>
            )}
          </div>
        </div>
        {/* Read out once the list changes: how many suggestions there are to move through. */}
        <span className={classes.soloLectores} role="status" aria-live="polite">
          {conOpciones ? (sugerencias.length === 1 ? '1 sugerencia' : `${sugerencias.length} sugerencias`) : ''}
        </span>
      </div>
    </div>
  );
}
