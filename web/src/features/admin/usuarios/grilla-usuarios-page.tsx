import { Badge, Button, Container, NativeSelect, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '../../../../../domain/enums';
import type { Usuario } from '../../../../../domain/usuario';
import { useEliminarUsuario, useUsuarios } from '../../../api/admin-usuarios';
import { paths } from '../../../app/paths';
import { useUser } from '../../../sesion/usuario-context';
import { AccionesFila } from '../comun/acciones-fila';
import { Encabezado } from '../comun/encabezado';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';

/** Spec screen 16: customers and administrators. */
export default function GrillaUsuariosPage() {
  const [nombre, setNombre] = useState('');
  const [rol, setRol] = useState('');
  const [nombreBuscado] = useDebouncedValue(nombre.trim(), 250);
  const consulta = useUsuarios(nombreBuscado, rol);
  const eliminar = useEliminarUsuario();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<Usuario>({
    eliminar,
    pregunta: (u) => `¿Está seguro que desea eliminar el usuario ${u.usuario}?`,
    onEliminado: (u) => notifications.show({ color: 'green', message: `Usuario eliminado: ${u.usuario}` }),
  });
  const { usuario: yo } = useUser();

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Usuarios">
        <Button component={Link} to={paths.formUsuario(0)} leftSection={<IconPlus size={16} />}>
          Nuevo usuario
        </Button>
      </Encabezado>
      <PanelFiltros>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" placeholder="Buscar por nombre" value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} />
          <NativeSelect
            label="Rol"
            value={rol}
            onChange={(e) => setRol(e.currentTarget.value)}
            data={[{ value: '', label: 'Todos los roles' }, ...ROLES.map((r) => ({ value: r, label: r }))]}
          />
        </SimpleGrid>
      </PanelFiltros>
      <SegunConsulta consulta={consulta}>
        {(data) => (
          <TablaAdmin
            etiqueta="Usuarios"
            anchoMinimo={820}
            columnas={['Nombre', 'Apellido', 'Email', 'Teléfono', 'Rol', 'Acciones']}
            vacia={data.length === 0}
            mensajeVacia="No hay usuarios que coincidan con la búsqueda."
          >
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
                  <AccionesFila
                    nombre={u.usuario}
                    editarHref={paths.formUsuario(u.id)}
                    onEliminar={() => pedirEliminar(u)}
                    motivoNoEliminar={u.id === yo?.id ? 'No podés eliminar tu propio usuario' : undefined}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </TablaAdmin>
        )}
      </SegunConsulta>
      {modalEliminar}
    </Container>
  );
}
