import { Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconChartBar, IconChecklist, IconDiscount2, IconLanguage, IconListSearch, IconPackage, IconPrinter, IconReceipt, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useVentasPendientes } from '../../api/ventas-pendientes';
import { paths } from '../../app/paths';

interface Tarjeta {
  to: string;
  titulo: string;
  descripcion: string;
  Icono: ComponentType<{ size?: number }>;
}

const TARJETAS: Tarjeta[] = [
  { to: paths.grillaUsuarios, titulo: 'Usuarios', descripcion: 'Clientes y administradores', Icono: IconUsers },
  { to: paths.grillaProductos, titulo: 'Productos', descripcion: 'Catálogo, precios y stock', Icono: IconPackage },
  { to: paths.grillaPedidos, titulo: 'Pedidos', descripcion: 'Ventas online y de mostrador', Icono: IconReceipt },
  { to: paths.grillaPromociones, titulo: 'Promociones', descripcion: 'Combos y ofertas', Icono: IconDiscount2 },
  { to: paths.grillaImpresiones, titulo: 'Impresiones', descripcion: 'Cola de impresiones online y su tarifa', Icono: IconPrinter },
  { to: paths.grillaInformes, titulo: 'Informes', descripcion: 'Cierre de caja y estadísticas', Icono: IconChartBar },
  { to: paths.grillaListasEscolares, titulo: 'Listas escolares', descripcion: 'Listas de útiles de las escuelas, y cuántas familias las compraron', Icono: IconChecklist },
  { to: paths.grillaSinonimos, titulo: 'Sinónimos', descripcion: 'Palabras de la zona que entiende la búsqueda', Icono: IconLanguage },
  { to: paths.seguridad, titulo: 'Seguridad', descripcion: 'Verificación en dos pasos de tu cuenta', Icono: IconShieldLock },
  { to: paths.auditoria, titulo: 'Auditoría', descripcion: 'Quién cambió qué, cuándo y desde dónde', Icono: IconListSearch },
];

export default function AdminHomePage() {
  const { data } = useVentasPendientes(true);
  const pendientes = data?.pendientes ?? 0;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Bienvenido, Administrador
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {TARJETAS.map(({ to, titulo, descripcion, Icono }) => (
          <Card key={to} component={Link} to={to} withBorder shadow="sm" padding="lg" radius="md">
            <Group justify="space-between" align="flex-start">
              <ThemeIcon size={48} radius="md" variant="light">
                <Icono size={28} />
              </ThemeIcon>
              {to === paths.grillaPedidos && pendientes > 0 && (
                <Group gap={4} c="orange.7" aria-label={`${pendientes} pedidos pendientes`}>
                  <IconBell size={22} />
                  <Text fw={700}>{pendientes}</Text>
                </Group>
              )}
            </Group>
            <Text fw={700} size="lg" mt="md">
              {titulo}
            </Text>
            <Text c="dimmed" size="sm">
              {descripcion}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
