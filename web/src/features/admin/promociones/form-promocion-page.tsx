import { Button, Container, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MENSAJES } from '../../../../../domain/mensajes';
import { mensajeDeError } from '../../../api/client';
import { useCrearPromocion } from '../../../api/admin-promociones';
import { paths } from '../../../app/paths';
import { diaMendoza } from '../comun/fechas';

/** Spec screen 22: 'Nueva Promoción'; its products are added on the next screen. */
export default function FormPromocionPage() {
  const navigate = useNavigate();
  const crear = useCrearPromocion();
  const [denominacion, setDenominacion] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const [precio, setPrecio] = useState<number | ''>('');
  const [fechaInicio, setFechaInicio] = useState(diaMendoza());
  const [fechaFin, setFechaFin] = useState('');
  const [error, setError] = useState('');

  const enviar = () => {
    if (!denominacion.trim() || !descripcion.trim() || typeof precio !== 'number' || !(precio > 0) || !fechaInicio || !fechaFin) {
      return setError(MENSAJES.promocionCamposObligatorios);
    }
    if (fechaFin < fechaInicio) return setError(MENSAJES.promocionFechasInvertidas);
    setError('');
    crear.mutate(
      { denominacion: denominacion.trim(), descripcion: descripcion.trim(), precioPromocional: precio, fechaInicio, fechaFin },
      {
        onSuccess: (p) => {
          notifications.show({ color: 'green', message: `Promoción creada: ${p.denominacion}` });
          navigate(paths.detallePromocion(p.id));
        },
        onError: (e) => setError(mensajeDeError(e, MENSAJES.errorGuardar)),
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        Nueva Promoción
      </Title>
      <Paper withBorder p="md" component="form" aria-label="Nueva Promoción" onSubmit={(e) => (e.preventDefault(), enviar())} noValidate>
        <Stack>
          <TextInput label="Denominación" required value={denominacion} onChange={(e) => setDenominacion(e.currentTarget.value)} />
          <Textarea label="Descripción" required autosize minRows={2} value={descripcion} onChange={(e) => setDescripcion(e.currentTarget.value)} />
          <NumberInput
            label="Precio promocional"
            required
            value={precio}
            onChange={(v) => setPrecio(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            allowNegative={false}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput type="date" label="Fecha de inicio" required value={fechaInicio} onChange={(e) => setFechaInicio(e.currentTarget.value)} />
            <TextInput type="date" label="Fecha de fin" required value={fechaFin} min={fechaInicio || undefined} onChange={(e) => setFechaFin(e.currentTarget.value)} />
          </SimpleGrid>
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" component={Link} to={paths.grillaPromociones} leftSection={<IconArrowLeft size={16} />}>
              Volver
            </Button>
            <Button type="submit" loading={crear.isPending}>
              Crear Promoción
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
