// The catalogue's filters as native controls styled like Mantine's inputs (filtros.module.css). Mantine's
// TextInput and NativeSelect give themselves a new id in a layout effect after hydration: an urgent
// re-render that made React finish taking over the page in one long task. Each control takes in what was
// chosen in it before the app took the page over (useValorAntesDeLaApp).
import { IconSelector } from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { esOrdenPrecio, ORDEN_PRECIO_LABEL, ORDENES_PRECIO, type OrdenPrecio } from '../../../../domain/producto-reglas';
import { useValorAntesDeLaApp } from '../../components/antes-de-la-app';
import classes from './filtros.module.css';

interface Campo {
  etiqueta: string;
  value: string;
  style?: CSSProperties;
}

/** The label above the control, tied to it by `id`. */
function ConEtiqueta({ etiqueta, style, control }: Pick<Campo, 'etiqueta' | 'style'> & { control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={classes.campo} style={style}>
      <label className={classes.etiqueta} htmlFor={id}>
        {etiqueta}
      </label>
      <div className={classes.caja}>{control(id)}</div>
    </div>
  );
}

export function CampoSelect({ etiqueta, opciones, value, onChange, style }: Campo & { opciones: Array<{ value: string; label: string } | string>; onChange: (valor: string) => void }) {
  const select = useValorAntesDeLaApp<HTMLSelectElement>(value, onChange);
  return (
    <ConEtiqueta
      etiqueta={etiqueta}
      style={style}
      control={(id) => (
        <>
          <select ref={select} id={id} className={`${classes.control} ${classes.select}`} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            {opciones.map((o) => {
              const opcion = typeof o === 'string' ? { value: o, label: o } : o;
              return (
                <option key={opcion.value} value={opcion.value}>
                  {opcion.label}
                </option>
              );
            })}
          </select>
          <IconSelector size={14} className={classes.iconoDerecha} aria-hidden />
        </>
      )}
    />
  );
}

/** What the catalogue shows when the URL names no order: by relevance with a search, by price without (issue 17). */
export const ordenPorDefecto = (q: string | undefined): OrdenPrecio => (q ? 'relevancia' : 'asc');

/** Native radios drawn as a segmented control (arrow keys move between them); 'Más relevantes' only with a search. */
export function OrdenToggle({ conBusqueda, value, onChange }: { conBusqueda: boolean; value: OrdenPrecio; onChange: (orden: OrdenPrecio) => void }) {
  // The spec's toggle ('Menor a mayor' / 'Mayor a menor'), with 'Más relevantes' first while searching.
  const ordenes = conBusqueda ? ORDENES_PRECIO : ORDENES_PRECIO.filter((o) => o !== 'relevancia');
  const grupo = useValorAntesDeLaApp<HTMLFieldSetElement>(value, (elegido) => {
    if (esOrdenPrecio(elegido)) onChange(elegido);
  });
  return (
    <fieldset ref={grupo} className={classes.orden}>
      <legend className={classes.etiqueta}>Ordenar</legend>
      <div className={classes.ordenOpciones}>
        {ordenes.map((o) => (
          <label key={o} className={classes.ordenOpcion}>
            <input type="radio" name="orden" value={o} checked={value === o} onChange={() => onChange(o)} />
            {ORDEN_PRECIO_LABEL[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
