import { SimpleGrid, TextInput } from '@mantine/core';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { LARGOS_PERSONA } from '../../../domain/persona';

export interface PersonaFormulario {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
}

export const PERSONA_VACIA: PersonaFormulario = { nombre: '', apellido: '', email: '', telefono: '' };

type ConPersona = { persona: PersonaFormulario };

/** Name, surname, e-mail and phone, with the server's length limits (domain/persona.ts). */
export function CamposPersona<T extends FieldValues & ConPersona>({ control, requeridos = true }: { control: Control<T>; requeridos?: boolean }) {
  const c = control as unknown as Control<ConPersona>;
  const nombre = useController({ control: c, name: 'persona.nombre' });
  const apellido = useController({ control: c, name: 'persona.apellido' });
  const email = useController({ control: c, name: 'persona.email' });
  const telefono = useController({ control: c, name: 'persona.telefono' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Nombre" required={requeridos} autoComplete="given-name" maxLength={LARGOS_PERSONA.nombre} error={nombre.fieldState.error?.message} {...nombre.field} />
      <TextInput
        label="Apellido"
        required={requeridos}
        autoComplete="family-name"
        maxLength={LARGOS_PERSONA.apellido}
        error={apellido.fieldState.error?.message}
        {...apellido.field}
      />
      <TextInput
        label="Email"
        type="email"
        required={requeridos}
        autoComplete="email"
        maxLength={LARGOS_PERSONA.email}
        error={email.fieldState.error?.message}
        {...email.field}
      />
      <TextInput
        label="Teléfono"
        type="tel"
        required={requeridos}
        autoComplete="tel"
        placeholder="261 555-1234"
        maxLength={LARGOS_PERSONA.telefono}
        error={telefono.fieldState.error?.message}
        {...telefono.field}
      />
    </SimpleGrid>
  );
}
