import { ActionIcon, Alert, Badge, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import type { Usuario } from '../../../../../domain/usuario';
import { useEliminarUsuario, useUsuarios } from '../../../api/admin-usuarios';
import { mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { useUser } from '../../../sesion/usuario-context';
import { ConfirmarModal } from '../comun/confirmar-modal';
import { Encabezado } from '../comun/encabezado';

/** Spec screen 16: customers and administrators. */
export default function GrillaUsuariosPage() {
  const [nombre, setNombre] = useState('');
  const [rol, setRol] = useState('');
  const [nombreBuscado] = useDebouncedValue(nombre.trim(), 250);
  const { data, isPending, isError } = useUsuarios(nombreBuscado, rol);
  const eliminar = useEliminarUsuario();
  const { usuario: yo } = useUser();
  const [aEliminar, setAEliminar] = useState<Usuario | null>(null);

  const confirmarEliminar = () => {
    if (!aEliminar) return;
    eliminar.mutate(aEliminar.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Usuario eliminado: ${aEliminar.usuario}` }),
      onError: (e) => notifications.show({ color: 'red', message: mensajeDeError(e, MENSAJES.errorEliminarElemento) }),
      onSettled: () => setAEliminar(null),
    });
  };

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Usuarios">
        <Button component={Link} to={paths.formUsuario(0)} leftSection={<IconPlus size={16} />}>
          Nuevo usuario
        </Button>
      </Encabezado>
      <Paper withBorder p="sm" mb="md" component="section" aria-label="Filtros">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" placeholder="Buscar por nombre" value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} />
          <NativeSelect
            label="Rol"
            value={rol}
            onChange={(e) => setRol(e.currentTarget.value)}
            data={[{ value: '', label: 'Todos los roles' }, ...ROLES.map((r) => ({ value: r, label: r }))]}
          />
        </SimpleGrid>
      </Paper>
      {isPending ? (
        <Cargando />
      ) : isError ? (
        <Alert color="red">{MENSAJES.errorCargarDatos}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table highlightOnHover verticalSpacing="xs" aria-label="Usuarios">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Apellido</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Teléfono</Table.Th>
                <Table.Th>Rol</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      No hay usuarios que coincidan con la búsqueda.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    {u.persona?.nombre ?? ''}
                    <Text size="xs" c="dimmed">
                      {u.usuario}
                    </Text>
                  </Table.Td>
                  <Table.Td>{u.persona?.apellido ?? ''}</Table.Td>
                  <Table.Td>{u.persona?.email ?? ''}</Table.Td>
                  <Table.Td>{u.persona?.telefono ?? ''}</Table.Td>
                  <Table.Td>
                    <Badge color={u.rol === 'ADMIN' ? 'grape' : 'blue'} variant="light">
                      {u.rol}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Editar">
                        <ActionIcon component={Link} to={paths.formUsuario(u.id)} variant="subtle" aria-label={`Editar ${u.usuario}`}>
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={u.id === yo?.id ? 'No podés eliminar tu propio usuario' : 'Eliminar'}>
                        <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${u.usuario}`} onClick={() => setAEliminar(u)} disabled={u.id === yo?.id}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmarModal
        abierto={aEliminar !== null}
        titulo="Confirmar eliminación"
        onCancelar={() => setAEliminar(null)}
        onConfirmar={confirmarEliminar}
        confirmando={eliminar.isPending}
      >
        {aEliminar ? `¿Está seguro que desea eliminar el usuario ${aEliminar.usuario}?` : ''}
      </ConfirmarModal>
    </Container>
  );
}
