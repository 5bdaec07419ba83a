import { Alert, Badge, Button, Code, Container, CopyButton, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Inscripcion } from '../../../../../domain/segundo-factor';
import { MENSAJES_SEGUNDO_FACTOR as M } from '../../../../../domain/segundo-factor';
import { obtenerUsuarioActual } from '../../../api/auth';
import { ApiError, mensajeDeError } from '../../../api/client';
import {
  useConfirmarInscripcion,
  useDesactivarSegundoFactor,
  useEstadoSegundoFactor,
  useIniciarInscripcion,
  useRegenerarCodigos,
} from '../../../api/segundo-factor';
import { useUser } from '../../../sesion/usuario-context';
import { Encabezado } from '../comun/encabezado';
import { SegunConsulta } from '../comun/segun-consulta';
import { BotonOcupado } from '../comun/boton-ocupado';

/** The admin's own account: the second factor (TOTP), its enrolment and recovery codes. */
export default function SeguridadPage() {
  const { usuario, guardarUsuario } = useUser();
  const consulta = useEstadoSegundoFactor();
  // Recovery codes just made: shown until the admin says they kept them, never fetched again.
  const [codigosNuevos, setCodigosNuevos] = useState<string[] | null>(null);

  // Enrolling (or turning it off) changes what the session may do under ADMIN_MFA=obligatorio.
  const refrescarSesion = async () => {
    const actual = await obtenerUsuarioActual();
    if (actual) guardarUsuario(actual);
  };

  return (
    <Container size="md" py="lg">
      <Encabezado titulo="Seguridad" />
      {usuario?.debeActivarSegundoFactor && (
        <Alert color="orange" icon={<IconAlertTriangle />} title="Verificación en dos pasos obligatoria" mb="md" role="alert">
          Para usar el panel de administración primero tenés que activar la verificación en dos pasos.
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <SegunConsulta consulta={consulta}>
          {(estado) => (
            <Stack>
              <Group justify="space-between" align="center" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <IconShieldLock aria-hidden />
                  <Title order={2} size="h3">
                    Verificación en dos pasos
                  </Title>
                </Group>
                <Badge color={estado.activa ? 'green' : 'gray'} variant="light" size="lg" style={{ flexShrink: 0 }}>
                  {estado.activa ? 'Activada' : 'Desactivada'}
                </Badge>
              </Group>
              <Text c="dimmed" size="sm">
                Además de la contraseña, al iniciar sesión se pide un código de 6 dígitos que cambia cada 30 segundos y lo genera una
                aplicación de autenticación en tu teléfono (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS u otra). Así, una
                contraseña robada no alcanza para entrar al panel.
              </Text>
              {codigosNuevos ? (
                <CodigosDeRecuperacion codigos={codigosNuevos} usuario={usuario?.usuario ?? 'admin'} onListo={() => setCodigosNuevos(null)} />
              ) : estado.activa ? (
                <FactorActivo
                  codigosRestantes={estado.codigosRestantes ?? 0}
                  obligatoria={estado.obligatoria}
                  onCodigosNuevos={setCodigosNuevos}
                  onDesactivada={refrescarSesion}
                />
              ) : (
                <Inscribir
                  onActivada={(codigos) => {
                    setCodigosNuevos(codigos);
                    void refrescarSesion();
                  }}
                />
              )}
            </Stack>
          )}
        </SegunConsulta>
      </Paper>
    </Container>
  );
}

/** A code input's error: the server's message for a refusal, the generic one otherwise. */
const errorDeCodigo = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : mensajeDeError(e));

function Inscribir({ onActivada }: { onActivada: (codigos: string[]) => void }) {
  const iniciar = useIniciarInscripcion();
  const confirmar = useConfirmarInscripcion();
  const [datos, setDatos] = useState<Inscripcion | null>(null);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const generar = () => {
    setError(null);
    iniciar.mutate(undefined, { onSuccess: setDatos, onError: (e) => setError(errorDeCodigo(e)) });
  };
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!codigo.trim()) return setError(M.codigoObligatorio);
    setError(null);
    confirmar.mutate(codigo, {
      onSuccess: ({ codigosDeRecuperacion }) => {
        notifications.show({ color: 'green', message: M.activada });
        onActivada(codigosDeRecuperacion);
      },
      onError: (e) => setError(errorDeCodigo(e)),
    });
  };

  if (!datos) {
    return (
      <Stack align="flex-start">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <BotonOcupado onClick={generar} ocupado={iniciar.isPending} leftSection={<IconShieldLock size={18} />}>
          Activar verificación en dos pasos
        </BotonOcupado>
      </Stack>
    );
  }
  return (
    <form onSubmit={enviar} noValidate aria-label="Activar verificación en dos pasos">
      <Stack>
        <Text fw={600}>1. Escaneá este código QR con la aplicación de autenticación</Text>
        <Image src={datos.qr} alt="Código QR para la aplicación de autenticación" w={220} h={220} fit="contain" />
        <Stack gap={4}>
          <Text size="sm">¿No podés escanearlo? Agregá la cuenta a mano con esta clave (tipo: basada en el tiempo):</Text>
          <Group gap="xs">
            <Code fz="md" aria-label="Clave para ingresar a mano" data-clave>
              {datos.clave}
            </Code>
            <BotonCopiar texto={datos.clave.replaceAll(' ', '')} etiqueta="Copiar clave" />
          </Group>
        </Stack>
        <Text fw={600}>2. Escribí el código de 6 dígitos que muestra la aplicación</Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Código de verificación"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            w={200}
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            error={error}
          />
          <BotonOcupado type="submit" ocupado={confirmar.isPending}>
            Confirmar y activar
          </BotonOcupado>
        </Group>
        <Text size="xs" c="dimmed">
          Este código QR y la clave se muestran solo ahora. Si salís de la página antes de confirmar, generá uno nuevo.
        </Text>
      </Stack>
    </form>
  );
}

function BotonCopiar({ texto, etiqueta }: { texto: string; etiqueta: string }) {
  return (
    <CopyButton value={texto}>
      {({ copied, copy }) => (
        <Button variant="light" size="compact-sm" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
          {copied ? 'Copiado' : etiqueta}
        </Button>
      )}
    </CopyButton>
  );
}

function CodigosDeRecuperacion({ codigos, usuario, onListo }: { codigos: string[]; usuario: string; onListo: () => void }) {
  const texto = [
    `Códigos de recuperación de ${usuario} (verificación en dos pasos).`,
    'Cada código sirve una sola vez, en lugar del código de la aplicación.',
    '',
    ...codigos,
    '',
  ].join('\n');
  const descargar = () => {
    const url = URL.createObjectURL(new Blob([texto], { type: 'text/plain;charset=utf-8' }));
    const enlace = document.createElement('a');
    enlace.href = url;
    enlace.download = `codigos-de-recuperacion-${usuario}.txt`;
    enlace.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle />} title="Guardá tus códigos de recuperación">
        Si perdés el teléfono, cada uno de estos códigos te deja entrar una vez en lugar del código de la aplicación. Se muestran solo ahora:
        copialos o descargalos y guardalos en un lugar seguro, fuera de esta computadora.
      </Alert>
      <SimpleGrid component="ul" aria-label="Códigos de recuperación" cols={{ base: 1, xs: 2 }} spacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {codigos.map((c) => (
          <li key={c}>
            <Code fz="md">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <BotonCopiar texto={codigos.join('\n')} etiqueta="Copiar códigos" />
        <Button variant="light" size="compact-sm" leftSection={<IconDownload size={16} />} onClick={descargar}>
          Descargar
        </Button>
        <Button ml="auto" onClick={onListo}>
          Ya los guardé
        </Button>
      </Group>
    </Stack>
  );
}

function FactorActivo({
  codigosRestantes,
  obligatoria,
  onCodigosNuevos,
  onDesactivada,
}: {
  codigosRestantes: number;
  obligatoria: boolean;
  onCodigosNuevos: (codigos: string[]) => void;
  onDesactivada: () => Promise<void>;
}) {
  const regenerar = useRegenerarCodigos();
  const desactivar = useDesactivarSegundoFactor();
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const conCodigo = (accion: () => void) => {
    if (!codigo.trim()) return setError(M.codigoObligatorio);
    setError(null);
    accion();
  };
  const alFallar = (e: unknown) => setError(errorDeCodigo(e));

  return (
    <Stack>
      <Text c={codigosRestantes <= 2 ? 'orange.8' : undefined}>
        {codigosRestantes === 1 ? 'Te queda 1 código de recuperación sin usar.' : `Te quedan ${codigosRestantes} códigos de recuperación sin usar.`}
      </Text>
      <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Cambiar la verificación en dos pasos">
        <Stack gap="sm">
          <Text size="sm">Para generar códigos de recuperación nuevos o desactivar la verificación, ingresá un código de la aplicación o uno de recuperación.</Text>
          <TextInput
            label="Código de la aplicación o de recuperación"
            autoComplete="one-time-code"
            maw={320}
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            error={error}
          />
          {obligatoria && (
            <Text size="sm" c="dimmed">
              La verificación en dos pasos es obligatoria para los administradores: si la desactivás, vas a tener que activarla de nuevo antes
              de seguir usando el panel.
            </Text>
          )}
          <Group>
            <BotonOcupado
              variant="light"
              ocupado={regenerar.isPending}
              onClick={() =>
                conCodigo(() =>
                  regenerar.mutate(codigo, {
                    onSuccess: ({ codigosDeRecuperacion }) => onCodigosNuevos(codigosDeRecuperacion),
                    onError: alFallar,
                  }),
                )
              }
            >
              Generar códigos de recuperación nuevos
            </BotonOcupado>
            <BotonOcupado
              color="red"
              variant="outline"
              ocupado={desactivar.isPending}
              onClick={() =>
                conCodigo(() =>
                  desactivar.mutate(codigo, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: M.desactivada });
                      setCodigo('');
                      void onDesactivada();
                    },
                    onError: alFallar,
                  }),
                )
              }
            >
              Desactivar
            </BotonOcupado>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
