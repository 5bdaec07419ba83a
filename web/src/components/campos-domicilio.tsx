import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { LOCALIDAD_LABEL, PROVINCIA_LABEL, opciones, type Localidad, type Provincia } from '../../../domain/enums';
import { LARGOS_PERSONA, usaListaDeLocalidades, type Domicilio } from '../../../domain/persona';

const aOpciones = <K extends string>(labels: Record<K, string>) => opciones(labels).map(({ key, nombre }) => ({ value: key, label: nombre }));
const LOCALIDADES = aOpciones(LOCALIDAD_LABEL);
const PROVINCIAS = aOpciones(PROVINCIA_LABEL);

/** An address as a form holds it: every text a string (empty when not used). */
export interface DomicilioFormulario {
  calle: string;
  numero: string;
  provincia: Provincia;
  localidad: Localidad | null;
  localidadTexto: string;
  codigoPostal: string;
}

/** A new address: Mendoza, Ciudad de Mendoza (spec section 9). */
export const DOMICILIO_VACIO: DomicilioFormulario = { calle: '', numero: '', provincia: 'MENDOZA', localidad: 'CAPITAL', localidadTexto: '', codigoPostal: '' };

/** An address the API answered, for a form; none gives DOMICILIO_VACIO. */
export function domicilioAFormulario(d: Domicilio | null | undefined): DomicilioFormulario {
  if (!d) return DOMICILIO_VACIO;
  return {
    calle: d.calle,
    numero: d.numero,
    provincia: d.provincia,
    localidad: usaListaDeLocalidades(d.provincia) ? (d.localidad ?? 'CAPITAL') : null,
    localidadTexto: d.localidadTexto ?? '',
    codigoPostal: d.codigoPostal ?? '',
  };
}

type ConDomicilio = { domicilio: DomicilioFormulario };

/**
 * The address fields of every form that edits one (registration, Mi cuenta, the admin's user form):
 * province first; in Mendoza the spec's localities, elsewhere the locality written and a postal code.
 * Limits and rules come from domain/persona.ts, the same the server checks.
 */
export function CamposDomicilio<T extends FieldValues & ConDomicilio>({ control, requeridos = true }: { control: Control<T>; requeridos?: boolean }) {
  const c = control as unknown as Control<ConDomicilio>;
  const calle = useController({ control: c, name: 'domicilio.calle' });
  const numero = useController({ control: c, name: 'domicilio.numero' });
  const provincia = useController({ control: c, name: 'domicilio.provincia' });
  const localidad = useController({ control: c, name: 'domicilio.localidad' });
  const localidadTexto = useController({ control: c, name: 'domicilio.localidadTexto' });
  const codigoPostal = useController({ control: c, name: 'domicilio.codigoPostal' });
  const provinciaActual = useWatch({ control: c, name: 'domicilio.provincia' });
  const enMendoza = usaListaDeLocalidades(provinciaActual);
  const { onChange: cambiarLocalidad } = localidad.field;

  // Back in Mendoza with no locality chosen: the default one, as a new address has.
  useEffect(() => {
    if (enMendoza && localidad.field.value === null) cambiarLocalidad('CAPITAL');
  }, [enMendoza, localidad.field.value, cambiarLocalidad]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Calle"
        required={requeridos}
        autoComplete="address-line1"
        maxLength={LARGOS_PERSONA.calle}
        error={calle.fieldState.error?.message}
        {...calle.field}
      />
      <TextInput label="Número" required={requeridos} maxLength={LARGOS_PERSONA.numero} error={numero.fieldState.error?.message} {...numero.field} />
      <NativeSelect
        label="Provincia"
        required={requeridos}
        autoComplete="address-level1"
        data={PROVINCIAS}
        error={provincia.fieldState.error?.message}
        {...provincia.field}
      />
      {enMendoza ? (
        <NativeSelect
          label="Localidad"
          required={requeridos}
          data={LOCALIDADES}
          error={localidad.fieldState.error?.message}
          {...localidad.field}
          value={localidad.field.value ?? ''}
        />
      ) : (
        <TextInput
          label="Localidad"
          required
          autoComplete="address-level2"
          maxLength={LARGOS_PERSONA.localidadTexto}
          error={localidadTexto.fieldState.error?.message}
          {...localidadTexto.field}
          value={localidadTexto.field.value ?? ''}
        />
      )}
      {!enMendoza && (
        <TextInput
          label="Código postal"
          required
          autoComplete="postal-code"
          placeholder="5000 o X5000ABC"
          maxLength={LARGOS_PERSONA.codigoPostal}
          error={codigoPostal.fieldState.error?.message}
          {...codigoPostal.field}
          value={codigoPostal.field.value ?? ''}
        />
      )}
    </SimpleGrid>
  );
}
