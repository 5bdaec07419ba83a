import { Anchor, Box, Button, Card, Container, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandInstagram, IconBrandWhatsapp, IconClock, IconMail, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import { TIENDA, urlMapaEmbebido } from '../../../../domain/tienda';
import { useConfigPublica } from '../../api/config';
import { paths } from '../../app/paths';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import { CamionEnvio } from './camion-envio';

/** Spec screen 2: where the shop is, and how to get the order at home. */
export default function DondeEstamosPage() {
  const { data: config } = useConfigPublica();
  const { latitud, longitud } = TIENDA.mapa;
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="xl" ta="center" align="center">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Vení a visitarnos o recibí tu pedido en casa
        </Title>
        <Text c="dimmed" size="lg" maw={640}>
          Te esperamos en el centro de Mendoza. Si no podés acercarte, te llevamos tu compra a domicilio: hacemos envíos a todo el país.
        </Text>
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding={0} style={{ overflow: 'hidden' }}>
            <Title order={2} size="h4" p="sm">
              Nuestro local en el mapa
            </Title>
            <Box
              component="iframe"
              title={`Mapa: ${TIENDA.nombre}, ${TIENDA.direccion}`}
              src={urlMapaEmbebido(latitud, longitud)}
              loading="lazy"
              referrerPolicy="no-referrer"
              style={{ border: 0, width: '100%', height: 380, display: 'block', background: '#e9ecef' }}
            />
            <Group p="sm" justify="space-between">
              <Text size="sm">{TIENDA.direccion}</Text>
              <Anchor
                size="sm"
                href={`https://www.openstreetmap.org/?mlat=${latitud}&mlon=${longitud}#map=17/${latitud}/${longitud}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Ver mapa más grande
              </Anchor>
            </Group>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg"><IconMapPin size={20} /></ThemeIcon>
                  <div>
                    <Text fw={600}>Dirección</Text>
                    <Text size="sm">{TIENDA.direccion}</Text>
                  </div>
                </Group>
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg"><IconClock size={20} /></ThemeIcon>
                  <div>
                    <Text fw={600}>Horario</Text>
                    <Text size="sm">{TIENDA.horario}</Text>
                  </div>
                </Group>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                Contacto
              </Title>
              <Stack gap="xs">
                <Button component="a" href={`mailto:${TIENDA.email}`} variant="light" leftSection={<IconMail size={18} />} justify="flex-start">
                  {TIENDA.email}
                </Button>
                {config && (
                  <Button
                    component="a"
                    href={enlaceWhatsapp(config.whatsappContacto, '¡Hola! Quisiera hacer una consulta.')}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="green"
                    variant="light"
                    leftSection={<IconBrandWhatsapp size={18} />}
                    justify="flex-start"
                  >
                    WhatsApp
                  </Button>
                )}
                <Button
                  component="a"
                  href={TIENDA.instagram}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="pink"
                  variant="light"
                  leftSection={<IconBrandInstagram size={18} />}
                  justify="flex-start"
                >
                  Instagram
                </Button>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Card withBorder radius="md" padding="xl" mt="xl" bg="azul.0">
        <Grid align="center" gutter="xl">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Box ta="center">
              <CamionEnvio />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Title order={2} size="h3">
              Recibí tu pedido en casa
            </Title>
            <Text mt="xs">
              Elegí tus productos, marcá «¿Deseás envío?» en el carrito y coordinamos la entrega por WhatsApp. Enviamos a todo el país.
            </Text>
            <Button component={Link} to={paths.productos} mt="md">
              Ver productos
            </Button>
          </Grid.Col>
        </Grid>
      </Card>
      <WhatsappFlotante />
    </Container>
  );
}
