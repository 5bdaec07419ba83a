import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AccionProps {
  /** The tooltip; on a card (phone) there is no hover, so none is drawn. */
  etiqueta: string;
  /** The accessible name: the browser tests find the action by it. */
  nombreAccesible: string;
  icono: ReactNode;
  /** A link when given, a button otherwise. */
  href?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  enTarjeta?: boolean;
}

/** One icon action of a row: the same look in every admin grid. */
export function AccionFila({ etiqueta, nombreAccesible, icono, href, onClick, color, disabled, enTarjeta = false }: AccionProps) {
  const estilo = enTarjeta ? ({ variant: 'light', size: 'lg' } as const) : ({ variant: 'subtle' } as const);
  const boton = href ? (
    <ActionIcon component={Link} to={href} {...estilo} color={color} aria-label={nombreAccesible}>
      {icono}
    </ActionIcon>
  ) : (
    <ActionIcon {...estilo} color={color} aria-label={nombreAccesible} onClick={onClick} disabled={disabled}>
      {icono}
    </ActionIcon>
  );
  return enTarjeta ? boton : <Tooltip label={etiqueta}>{boton}</Tooltip>;
}

interface Props {
  /** Goes into the accessible names: `Editar ${nombre}`, `Eliminar ${nombre}`. */
  nombre: string;
  /** Without it the row has no 'Editar'. */
  editarHref?: string;
  onEliminar: () => void;
  /** Why this row cannot be deleted; the button is disabled and the tooltip says it. */
  motivoNoEliminar?: string;
  enTarjeta?: boolean;
  /** Extra actions of the screen, drawn before 'Editar'. */
  children?: ReactNode;
}

/** The actions cell of an admin row: the screen's own actions, then 'Editar' and 'Eliminar'. */
export function AccionesFila({ nombre, editarHref, onEliminar, motivoNoEliminar, enTarjeta, children }: Props) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      {editarHref && <AccionFila etiqueta="Editar" nombreAccesible={`Editar ${nombre}`} icono={<IconEdit size={18} />} href={editarHref} enTarjeta={enTarjeta} />}
      <AccionFila
        etiqueta={motivoNoEliminar ?? 'Eliminar'}
        nombreAccesible={`Eliminar ${nombre}`}
        icono={<IconTrash size={18} />}
        color="red"
        onClick={onEliminar}
        disabled={motivoNoEliminar !== undefined}
        enTarjeta={enTarjeta}
      />
    </Group>
  );
}
