import { PasswordInput } from '@mantine/core';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { LARGOS_USUARIO } from '../../../domain/usuario';

type ConClaveNueva = { clave: string; repetida: string };
type ConClaveActual = ConClaveNueva & { claveActual: string };
type Campo = keyof ConClaveActual;

const CAMPOS: Record<Campo, { label: string; autoComplete: string; que: string }> = {
  claveActual: { label: 'Contraseña actual', autoComplete: 'current-password', que: 'la contraseña actual' },
  clave: { label: 'Contraseña nueva', autoComplete: 'new-password', que: 'la contraseña nueva' },
  repetida: { label: 'Repetir contraseña nueva', autoComplete: 'new-password', que: 'la contraseña repetida' },
};

function CampoClave({ control, campo, autoFocus }: { control: Control<ConClaveActual>; campo: Campo; autoFocus: boolean }) {
  const { field, fieldState } = useController({ control, name: campo });
  const { label, autoComplete, que } = CAMPOS[campo];
  return (
    <PasswordInput
      label={label}
      required
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      maxLength={LARGOS_USUARIO.clave}
      // The eye button says which input it reveals: three alike would read the same to a screen reader.
      visibilityToggleButtonProps={{ 'aria-label': `Mostrar u ocultar ${que}` }}
      error={fieldState.error?.message}
      {...field}
    />
  );
}

/**
 * A new password and its repetition (and, with `actual`, the current one first), with the length limit
 * of domain/usuario.ts and the form's errors: 'Mi cuenta' and the forgotten password's link. The caller
 * lays them out (a grid, a column).
 */
export function CamposClave<T extends FieldValues & ConClaveNueva>({ control, actual = false, autoFocus = false }: { control: Control<T>; actual?: boolean; autoFocus?: boolean }) {
  const c = control as unknown as Control<ConClaveActual>;
  const campos: Campo[] = actual ? ['claveActual', 'clave', 'repetida'] : ['clave', 'repetida'];
  return (
    <>
      {campos.map((campo, i) => (
        <CampoClave key={campo} control={c} campo={campo} autoFocus={autoFocus && i === 0} />
      ))}
    </>
  );
}
