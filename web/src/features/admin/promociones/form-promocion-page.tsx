import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { MENSAJES } from '../../../../../domain/mensajes';
import { AVISO_PROMOCION_SIN_PRODUCTOS, promocionInputSchema, type PromocionInput } from '../../../../../domain/promocion';
import { useCrearPromocion } from '../../../api/admin-promociones';
import { mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { diaMendoza } from '../comun/fechas';
import { BotonOcupado } from '../comun/boton-ocupado';

type Valores = { [K in keyof PromocionInput]: string };

/** Spec screen 22: 'Nueva Promoción' (every field required); its products are added on the next screen. */
export default function FormPromocionPage() {
  const navigate = useNavigate();
  const crear = useCrearPromocion();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Valores>({
    resolver: zodResolver(promocionInputSchema, undefined, { raw: true }) as never,
    defaultValues: { denominacion: '', descripcion: '', precioPromocional: '', fechaInicio: diaMendoza(), fechaFin: '' },
  });

  const enviar = (v: Valores) => {
    setError('');
    crear.mutate(v, {
      onSuccess: (p) => {
        notifications.show({ color: 'green', title: `Promoción creada: ${p.denominacion}`, message: AVISO_PROMOCION_SIN_PRODUCTOS });
        navigate(paths.detallePromocion(p.id));
      },
      onError: (e) => setError(mensajeDeError(e, MENSAJES.errorDesconocido)),
    });
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        Nueva Promoción
      </Title>
      <Paper withBorder p="md" component="form" aria-label="Nueva Promoción" onSubmit={handleSubmit(enviar)} noValidate>
        <Stack>
          <TextInput label="Denominación" withAsterisk error={errors.denominacion?.message} {...register('denominacion')} />
          <Textarea label="Descripción" withAsterisk autosize minRows={2} error={errors.descripcion?.message} {...register('descripcion')} />
          <TextInput
            label="Precio promocional"
            withAsterisk
            inputMode="decimal"
            placeholder="0,00"
            leftSection="$"
            error={errors.precioPromocional?.message}
            {...register('precioPromocional')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput type="date" label="Fecha de inicio" withAsterisk error={errors.fechaInicio?.message} {...register('fechaInicio')} />
            <TextInput type="date" label="Fecha de fin" withAsterisk error={errors.fechaFin?.message} {...register('fechaFin')} />
          </SimpleGrid>
          {error && (
            <Alert color="red" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setError('')}>
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" component={Link} to={paths.grillaPromociones} leftSection={<IconArrowLeft size={16} />}>
              Volver
            </Button>
            <BotonOcupado type="submit" ocupado={crear.isPending}>
              Crear Promoción
            </BotonOcupado>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
