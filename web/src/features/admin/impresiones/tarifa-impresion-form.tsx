import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  MENSAJES_IMPRESION,
  TARIFA_CAMPO_LABEL,
  etiquetaDeTramo,
  tarifaImpresionEntradaSchema,
  type TarifaImpresionRespuesta,
} from '../../../../../domain/impresion';
import { fechaHoraImpresion } from '../../../../../domain/impresion-fechas';
import { useGuardarTarifa } from '../../../api/admin-impresiones';
import { mensajeDeError } from '../../../api/client';
import { useTarifaImpresion } from '../../../api/impresiones';
import { marcarErroresDelServidor } from '../../../components/errores-del-servidor';
import { SegunConsulta } from '../comun/segun-consulta';
import { BotonOcupado } from '../comun/boton-ocupado';

const PRECIOS_TRAMO = ['bnA4', 'bnOficio', 'colorA4', 'colorOficio'] as const;
const TERMINACIONES = ['abrochado', 'anillado', 'plastificado'] as const;

/** The form holds what is typed: es-AR numbers as text ('1.234,50'); the schema reads them. */
interface Valores {
  tramos: Array<{ desdeCarillas: string } & Record<(typeof PRECIOS_TRAMO)[number], string>>;
  abrochado: string;
  anillado: string;
  plastificado: string;
}

const aTexto = (n: number) => String(n).replace('.', ',');

const aValores = (t: TarifaImpresionRespuesta): Valores => ({
  tramos: t.tramos.map((tr) => ({
    desdeCarillas: String(tr.desdeCarillas),
    bnA4: aTexto(tr.bnA4),
    bnOficio: aTexto(tr.bnOficio),
    colorA4: aTexto(tr.colorA4),
    colorOficio: aTexto(tr.colorOficio),
  })),
  abrochado: aTexto(t.abrochado),
  anillado: aTexto(t.anillado),
  plastificado: aTexto(t.plastificado),
});

/** Every field path the server may name in its errors. */
const camposDe = (tramos: number) => [
  'tramos',
  ...Array.from({ length: tramos }, (_, i) => ['desdeCarillas', ...PRECIOS_TRAMO].map((c) => `tramos.${i}.${c}`)).flat(),
  ...TERMINACIONES,
];

function Formulario({ tarifa }: { tarifa: TarifaImpresionRespuesta }) {
  const guardar = useGuardarTarifa();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setError: marcarError,
    formState: { errors, isDirty },
  } = useForm<Valores>({
    defaultValues: aValores(tarifa),
    resolver: zodResolver(tarifaImpresionEntradaSchema, undefined, { raw: true }) as never,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'tramos' });
  const tramos = watch('tramos');
  useEffect(() => reset(aValores(tarifa)), [tarifa, reset]);

  const enviar = (v: Valores) => {
    setError(null);
    guardar.mutate(v, {
      onSuccess: () => notifications.show({ color: 'green', message: MENSAJES_IMPRESION.tarifaActualizada }),
      onError: (e) => {
        if (!marcarErroresDelServidor(e, marcarError, camposDe(v.tramos.length))) setError(mensajeDeError(e, 'No se pudo guardar la tarifa.'));
        notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo guardar la tarifa.') });
      },
    });
  };

  // Labels of the breaks as they read now ('Hasta 100 carillas'), from what is typed.
  const comoTramos = tramos.map((t) => ({ desdeCarillas: Number(t.desdeCarillas) || 0, bnA4: 0, bnOficio: 0, colorA4: 0, colorOficio: 0 }));

  return (
    <form onSubmit={handleSubmit(enviar)} aria-label="Tarifa de impresión" noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Precio de cada carilla según el total de carillas del trabajo (todas las copias). El primer tramo empieza en 1; por ejemplo, un tramo desde 101
          es «más de 100 carillas».
        </Text>
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tramos de precios">
          {fields.map((campo, i) => (
            <Card key={campo.id} component="li" withBorder radius="sm" padding="sm" aria-label={`Tramo ${i + 1}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Tramo {i + 1}: {etiquetaDeTramo(comoTramos, i)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => remove(i)}
                  disabled={fields.length === 1}
                  aria-label={`Quitar el tramo ${i + 1}`}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
                <TextInput
                  label="Desde carillas"
                  inputMode="numeric"
                  error={errors.tramos?.[i]?.desdeCarillas?.message}
                  {...register(`tramos.${i}.desdeCarillas`)}
                />
                {PRECIOS_TRAMO.map((c) => (
                  <TextInput
                    key={c}
                    label={TARIFA_CAMPO_LABEL[c]}
                    leftSection="$"
                    inputMode="decimal"
                    error={errors.tramos?.[i]?.[c]?.message}
                    {...register(`tramos.${i}.${c}`)}
                  />
                ))}
              </SimpleGrid>
            </Card>
          ))}
        </Stack>
        {errors.tramos?.message && (
          <Text c="red.8" size="sm" role="alert">
            {errors.tramos.message}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const ultimo = Number(tramos.at(-1)?.desdeCarillas) || 0;
              append({ desdeCarillas: String(ultimo > 0 ? ultimo + 100 : 1), bnA4: '', bnOficio: '', colorA4: '', colorOficio: '' });
            }}
            disabled={fields.length >= 20}
          >
            Agregar tramo
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {TERMINACIONES.map((c) => (
            <TextInput key={c} label={TARIFA_CAMPO_LABEL[c]} leftSection="$" inputMode="decimal" error={errors[c]?.message} {...register(c)} />
          ))}
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="xs" c="gray.7">
            {tarifa.actualizado ? `Última modificación: ${fechaHoraImpresion(tarifa.actualizado)}` : 'Tarifa inicial de la tienda'}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => reset(aValores(tarifa))} disabled={!isDirty || guardar.isPending}>
              Descartar cambios
            </Button>
            <BotonOcupado type="submit" ocupado={guardar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar tarifa
            </BotonOcupado>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner's price table: breaks by total sides, and the finishes. Checked by the same schema as the server. */
export function TarifaImpresionForm() {
  const consulta = useTarifaImpresion();
  return (
    <Card withBorder radius="md" padding="md" mt="xl" component="section" aria-labelledby="titulo-tarifa-admin">
      <Title order={2} size="h3" id="titulo-tarifa-admin" mb="sm">
        Tarifa de impresión
      </Title>
      <SegunConsulta consulta={consulta}>{(tarifa) => <Formulario tarifa={tarifa} />}</SegunConsulta>
    </Card>
  );
}
