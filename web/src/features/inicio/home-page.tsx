import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook2,
  IconBriefcase,
  IconCopy,
  IconGift,
  IconLayersLinked,
  IconPrinter,
  IconTruckDelivery,
  IconWriting,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import classes from './home-page.module.css';
import { Bibliorato, JuguetesDidacticos, LogoMarca, Resaltadores } from './ilustraciones';

const DESTACADOS: Array<{ titulo: string; texto: string; Ilustracion: ComponentType }> = [
  { titulo: 'Biblioratos y carpetas', texto: 'Ordená tus papeles con biblioratos A4 de lomo ancho.', Ilustracion: Bibliorato },
  { titulo: 'Resaltadores', texto: 'Colores flúo para estudiar y trabajar mejor.', Ilustracion: Resaltadores },
  { titulo: 'Juguetes didácticos', texto: 'Bloques, rompecabezas y juegos para aprender jugando.', Ilustracion: JuguetesDidacticos },
];

const SERVICIOS: Array<{ nombre: string; Icono: ComponentType<{ size?: number }>; to?: string }> = [
  { nombre: 'Impresiones', Icono: IconPrinter, to: paths.impresiones },
  { nombre: 'Fotocopias', Icono: IconCopy },
  { nombre: 'Anillados', Icono: IconBook2 },
  { nombre: 'Plastificados', Icono: IconLayersLinked },
  { nombre: 'Regalería', Icono: IconGift },
  { nombre: 'Oficina', Icono: IconBriefcase },
];

const MARCAS = [
  { nombre: 'Faber-Castell', color: '#0b6b3a', fuente: 'Georgia, serif' },
  { nombre: 'Rivadavia', color: '#c92a2a', fuente: 'Arial Black, sans-serif' },
  { nombre: 'Maped', color: '#1864ab', fuente: 'Verdana, sans-serif' },
  { nombre: 'Bic', color: '#f08c00', fuente: 'Arial Black, sans-serif' },
  { nombre: 'Filgo', color: '#5f3dc4', fuente: 'Trebuchet MS, sans-serif' },
  { nombre: 'Staedtler', color: '#1c7ed6', fuente: 'Tahoma, sans-serif' },
];

function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Container size="lg" py={48} component="section" aria-labelledby={titulo}>
      <Title order={2} id={titulo} mb="lg" ta="center">
        {titulo}
      </Title>
      {children}
    </Container>
  );
}

export function HomePage() {
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 56, sm: 88 }}>
          <Stack gap="lg" maw={620}>
            <Group gap="xs" c="azul.1">
              <IconWriting size={20} />
              <Text fw={600} tt="uppercase" size="sm">Papelería · Librería · Oficina</Text>
            </Group>
            <Title order={1} className={classes.titular}>
              Todo para tu escritorio y tus ideas
            </Title>
            <Text size="xl" c="azul.0">
              Envíos a todo el país. Compra fácil y segura.
            </Text>
            <Group>
              <Button component={Link} to={paths.productos} size="lg" color="orange">
                Ver productos
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Seccion titulo="Artículo destacado">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {DESTACADOS.map(({ titulo, texto, Ilustracion }) => (
            <Card key={titulo} withBorder shadow="sm" radius="md" padding="lg">
              <Card.Section className={classes.ilustracion}>
                <Ilustracion />
              </Card.Section>
              <Text fw={700} size="lg" mt="md">
                {titulo}
              </Text>
              <Text c="dimmed" size="sm" mb="md">
                {texto}
              </Text>
              <Button component={Link} to={paths.productos} variant="light" mt="auto" aria-label={`Ver más: ${titulo}`}>
                Ver más
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Seccion>

      <Box bg="white">
        <Seccion titulo="Nuestros servicios">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="lg" component="ul" className={classes.lista}>
            {SERVICIOS.map(({ nombre, Icono, to }) => (
              <li key={nombre}>
                <Stack align="center" gap="xs" {...(to ? { component: Link, to, className: classes.servicioEnlace } : {})}>
                  <ThemeIcon size={64} radius="xl" variant="light">
                    <Icono size={32} />
                  </ThemeIcon>
                  <Text fw={600}>{nombre}</Text>
                </Stack>
              </li>
            ))}
          </SimpleGrid>
          <Group justify="center" mt="xl">
            <Button component={Link} to={paths.impresiones} size="md" leftSection={<IconPrinter size={20} />}>
              Imprimí online: subí tu PDF
            </Button>
          </Group>
        </Seccion>
      </Box>

      <Seccion titulo="Las mejores marcas">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {MARCAS.map((marca) => (
            <Box key={marca.nombre} className={classes.marca}>
              <LogoMarca {...marca} />
            </Box>
          ))}
        </SimpleGrid>
      </Seccion>

      <Box className={classes.banner}>
        <Container size="lg" py="xl">
          <Group justify="center" gap="md">
            <IconTruckDelivery size={40} />
            <Title order={2} size="h3">
              Envíos rápidos y seguros a todo el país
            </Title>
          </Group>
        </Container>
      </Box>
      <WhatsappFlotante />
    </>
  );
}
