// A real SMTP server for tests, on 127.0.0.1 and a port of its own: it keeps every message it accepts,
// parsed, and can stop and come back on the same port (SMTP down, then up again).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CorreoRecibido {
  para: string[];
  asunto: string;
  texto: string;
  html: string;
  id: string | undefined;
  mensaje: ParsedMail;
}

export interface SmtpDePrueba {
  url: string;
  recibidos: CorreoRecibido[];
  /** The messages to `para`, waiting (up to 20 s) until there are at least `cuantos`. */
  esperarPara: (para: string, cuantos?: number) => Promise<CorreoRecibido[]>;
  detener: () => Promise<void>;
  reanudar: () => Promise<void>;
}

export async function iniciarSmtpDePrueba(): Promise<SmtpDePrueba> {
  const recibidos: CorreoRecibido[] = [];
  const crear = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, sesion, listo) {
        simpleParser(stream)
          .then((mensaje) => {
            recibidos.push({
              para: sesion.envelope.rcptTo.map((r) => r.address),
              asunto: mensaje.subject ?? '',
              texto: mensaje.text ?? '',
              html: typeof mensaje.html === 'string' ? mensaje.html : '',
              id: mensaje.headers.get('x-correo-id')?.toString(),
              mensaje,
            });
            listo();
          })
          .catch((error: Error) => listo(error));
      },
    });
  let servidor = crear();
  const escuchar = (puerto: number) =>
    new Promise<number>((resolver, rechazar) => {
      servidor.once('error', rechazar);
      servidor.listen(puerto, '127.0.0.1', () => resolver((servidor.server.address() as AddressInfo).port));
    });
  const puerto = await escuchar(0);
  const detener = () => new Promise<void>((resolver) => servidor.close(() => resolver()));

  return {
    url: `smtp://127.0.0.1:${puerto}`,
    recibidos,
    esperarPara: async (para, cuantos = 1) => {
      const limite = Date.now() + 20_000;
      for (;;) {
        const suyos = recibidos.filter((r) => r.para.includes(para));
        if (suyos.length >= cuantos) return suyos;
        if (Date.now() > limite) throw new Error(`llegaron ${suyos.length} correos para ${para}, no ${cuantos}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    detener,
    reanudar: async () => {
      servidor = crear();
      await escuchar(puerto);
    },
  };
}
