// The catalogue's filters as native controls styled like Mantine's inputs (filtros.module.css). Mantine's
// TextInput and NativeSelect give themselves a new id in a layout effect after hydration: an urgent
// re-render that made React finish taking over the page in one long task.
import { IconSearch, IconSelector } from '@tabler/icons-react';
import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import { ORDEN_PRECIO_LABEL, type OrdenPrecio } from '../../../../domain/producto-reglas';
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

export function CampoBusqueda({
  etiqueta,
  placeholder,
  maxLength,
  value,
  onChange,
  style,
}: Campo & { placeholder: string; maxLength?: number; onChange: (valor: string) => void }) {
  return (
    <ConEtiqueta
      etiqueta={etiqueta}
      style={style}
      control={(id) => (
        <>
          <IconSearch size={16} className={classes.iconoIzquierda} aria-hidden />
          <input
            id={id}
            type="search"
            className={`${classes.control} ${classes.conIcono}`}
            placeholder={placeholder}
            maxLength={maxLength}
            value={value}
            onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value)}
          />
        </>
      )}
    />
  );
}

export function CampoSelect({ etiqueta, opciones, value, onChange, style }: Campo & { opciones: Array<{ value: string; label: string } | string>; onChange: (valor: string) => void }) {
  return (
    <ConEtiqueta
      etiqueta={etiqueta}
      style={style}
      control={(id) => (
        <>
          <select id={id} className={`${classes.control} ${classes.select}`} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
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

/** Spec screen 5's price sort toggle: two native radios drawn as a segmented control (arrow keys move between them). */
export function OrdenPrecioToggle({ value, onChange }: { value: OrdenPrecio; onChange: (orden: OrdenPrecio) => void }) {
  return (
    <fieldset className={classes.orden}>
      <legend className={classes.etiqueta}>Precio</legend>
      <div className={classes.ordenOpciones}>
        {(Object.keys(ORDEN_PRECIO_LABEL) as OrdenPrecio[]).map((o) => (
          <label key={o} className={classes.ordenOpcion}>
            <input type="radio" name="orden-precio" value={o} checked={value === o} onChange={() => onChange(o)} />
            {ORDEN_PRECIO_LABEL[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
