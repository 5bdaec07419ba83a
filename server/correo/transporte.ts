// Where messages go: an SMTP server (SMTP_URL, through nodemailer), or without one the dev mailbox, a
// folder of .eml files under DATA_DIR (and a line in the log), so the demo works offline.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import sharp from 'sharp';
import type { Config } from '../config';
import { RAIZ } from '../raiz';
import type { Enviar } from './envio';
import { armarCorreo } from './plantillas';

const CID_LOGO = 'logo@libreria-mendoza';

let logo: Promise<Buffer> | undefined;
/** The shop's icon (web/public/favicon.svg) as a small PNG: mail clients seldom show SVG. Made once. */
const logoPng = () =>
  (logo ??= fs
    .readFile(path.join(RAIZ, 'web', 'public', 'favicon.svg'))
    .then((svg) => sharp(svg).resize(80, 80).png().toBuffer())
    .catch((error: unknown) => {
      logo = undefined;
      throw error;
    }));

export interface Transporte {
  enviar: Enviar;
  /** 'smtp' or the dev mailbox's folder. */
  destino: string;
  cerrar: () => void;
}

type ConfigCorreo = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DUENO' | 'PUBLIC_URL' | 'DATA_DIR'>;

export function crearTransporte(config: ConfigCorreo, log: FastifyBaseLogger): Transporte {
  const smtp = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        // A server that does not answer must not hold a sender for minutes: the row is tried again later.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as SMTPTransport.Options)
    : undefined;
  const carpeta = path.join(config.DATA_DIR, 'correo');
  const archivador = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const enviar: Enviar = async (m) => {
    const para = m.destinatario ?? config.MAIL_DUENO;
    if (!para) return 'descartado';
    if (m.correo.tipo === 'recuperar-clave' && Date.parse(m.correo.datos.vence) <= Date.now()) return 'descartado';
    const armado = armarCorreo(m.correo, { publicUrl: config.PUBLIC_URL, logo: `cid:${CID_LOGO}` });
    const mensaje = {
      from: config.MAIL_FROM,
      to: para,
      subject: armado.asunto,
      text: armado.texto,
      html: armado.html,
      attachments: [{ filename: 'logo.png', content: await logoPng(), cid: CID_LOGO, contentType: 'image/png' }],
      headers: { 'X-Correo-Id': String(m.id) },
    };
    if (smtp) {
      await smtp.sendMail(mensaje);
      log.info({ correo: m.id, tipo: m.correo.tipo }, 'correo enviado');
      return 'enviado';
    }
    const { message } = await archivador.sendMail(mensaje);
    await fs.mkdir(carpeta, { recursive: true });
    const archivo = path.join(carpeta, `${String(m.id).padStart(6, '0')}-${m.correo.tipo}.eml`);
    await fs.writeFile(archivo, message as Buffer);
    log.info({ correo: m.id, tipo: m.correo.tipo, email: para, asunto: armado.asunto, archivo }, 'correo guardado en la carpeta de desarrollo (sin SMTP_URL)');
    return 'enviado';
  };

  return { enviar, destino: smtp ? 'smtp' : carpeta, cerrar: () => smtp?.close() };
}
