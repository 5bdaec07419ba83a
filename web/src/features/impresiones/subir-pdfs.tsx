import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MENSAJES_IMPRESION, type TrabajoImpresion } from '../../../../domain/impresion';
import { textoTamanio } from '../../../../domain/impresion-texto';
import { mensajeDeError } from '../../api/client';
import { useConfigPublica } from '../../api/config';
import { subirPdf } from '../../api/impresiones';

interface Subida {
  clave: number;
  nombre: string;
  bytes: number;
  /** 0 to 1 while sending; at 1 the server is reading the PDF. */
  progreso: number;
  error: string | null;
}

/**
 * Drag and drop (or pick) one or more PDFs: each goes up on its own request with its own progress bar,
 * then the server reads it (pages, size, colour, thumbnail) and the job appears below. A refused file
 * keeps its line with the server's reason until it is dismissed.
 */
export function SubirPdfs({ alSubir }: { alSubir: (trabajo: TrabajoImpresion) => void }) {
  const [subidas, setSubidas] = useState<Subida[]>([]);
  const maxMb = useConfigPublica().data?.impresionMaxMb;
  const siguiente = useRef(1);
  const abrirSelector = useRef<() => void>(null);
  // Leaving the page stops what is still going up.
  const cancelar = useRef(new AbortController());
  useEffect(() => {
    const controlador = new AbortController();
    cancelar.current = controlador;
    return () => controlador.abort();
  }, []);

  const cambiar = (clave: number, cambios: Partial<Subida>) => setSubidas((s) => s.map((x) => (x.clave === clave ? { ...x, ...cambios } : x)));
  const quitar = (clave: number) => setSubidas((s) => s.filter((x) => x.clave !== clave));

  const subir = (archivos: File[]) => {
    for (const archivo of archivos) {
      const clave = siguiente.current++;
      // Too big: said at once, instead of after sending megabytes the server would refuse.
      if (maxMb !== undefined && archivo.size > maxMb * 1024 * 1024) {
        setSubidas((s) => [...s, { clave, nombre: archivo.name, bytes: archivo.size, progreso: 1, error: MENSAJES_IMPRESION.archivoDemasiadoGrande(maxMb) }]);
        continue;
      }
      setSubidas((s) => [...s, { clave, nombre: archivo.name, bytes: archivo.size, progreso: 0, error: null }]);
      subirPdf(archivo, (progreso) => cambiar(clave, { progreso }), cancelar.current.signal)
        .then((trabajo) => {
          quitar(clave);
          alSubir(trabajo);
          notifications.show({ color: 'green', message: `${archivo.name}: ${trabajo.paginas} ${trabajo.paginas === 1 ? 'página' : 'páginas'} leídas.` });
        })
        .catch((e: unknown) => {
          if (e instanceof DOMException && e.name === 'AbortError') return;
          const mensaje = mensajeDeError(e);
          cambiar(clave, { error: mensaje, progreso: 1 });
          notifications.show({ color: 'red', message: `${archivo.name}: ${mensaje}` });
        });
    }
  };

  // Refused here, before sending anything: not a PDF. (Pages are the server's to judge; size, both.)
  const rechazar = (rechazos: FileRejection[]) => {
    for (const r of rechazos) {
      const clave = siguiente.current++;
      setSubidas((s) => [...s, { clave, nombre: r.file.name, bytes: r.file.size, progreso: 1, error: MENSAJES_IMPRESION.noEsPdf }]);
    }
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={subir}
        onReject={rechazar}
        accept={PDF_MIME_TYPE}
        multiple
        openRef={abrirSelector}
        activateOnClick={false}
        aria-label="Zona para soltar archivos PDF"
        inputProps={{ 'aria-label': 'Archivos PDF para imprimir' }}
        radius="md"
        p="lg"
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={44} color="var(--mantine-color-azul-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypePdf size={44} color="var(--mantine-color-gray-7)" />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text fw={600}>Arrastrá tus PDF acá</Text>
            <Text size="sm" c="gray.7">
              Podés subir varios a la vez. Solo archivos PDF, sin contraseña{maxMb === undefined ? '' : `, de hasta ${maxMb} MB cada uno`}.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group justify="center">
        <Button leftSection={<IconUpload size={18} />} onClick={() => abrirSelector.current?.()}>
          Elegir archivos PDF
        </Button>
      </Group>
      {subidas.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Archivos que se están subiendo">
          {subidas.map((s) =>
            s.error ? (
              <Alert
                key={s.clave}
                component="li"
                color="red"
                role="alert"
                title={`No se pudo usar ${s.nombre}`}
                withCloseButton
                closeButtonLabel={`Cerrar el aviso de ${s.nombre}`}
                onClose={() => quitar(s.clave)}
              >
                {s.error}
              </Alert>
            ) : (
              <Stack key={s.clave} component="li" gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} truncate="end">
                    {s.nombre}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    {s.progreso < 1 ? `${Math.round(s.progreso * 100)} % de ${textoTamanio(s.bytes)}` : 'Leyendo el PDF…'}
                  </Text>
                </Group>
                <Progress
                  value={Math.round(s.progreso * 100)}
                  animated={s.progreso >= 1}
                  aria-label={`Subida de ${s.nombre}`}
                  size="md"
                />
              </Stack>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
