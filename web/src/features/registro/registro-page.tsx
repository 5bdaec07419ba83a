import { Container, Text, Title } from '@mantine/core';

/** Placeholder until the registration API and its schema land in main. */
export default function RegistroPage() {
  return (
    <Container size={720} py="xl">
      <Title order={1} size="h2">
        Crear cuenta
      </Title>
      <Text c="dimmed">Muy pronto vas a poder registrarte desde acá.</Text>
    </Container>
  );
}
