import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mensajesEncolados } from './cola';
import { enviarPendientes, type Resumen } from './envio';
import { crearTransporte, type Transporte } from './transporte';

export interface ServicioDeCorreo {
  /** Looks at the outbox now (or right after the look under way). */
  despertar: () => void;
  /** After the look under way, sends what is due (at `ahora`, tests) and answers when done. */
  enviarPendientes: (ahora?: () => Date) => Promise<Resumen>;
  transporte: Transporte;
}

declare module 'fastify' {
  interface FastifyInstance {
    correo: ServicioDeCorreo;
  }
}

/** Without news, the outbox is looked at this often: messages queued by another instance, retries. */
export const SONDEO_MS = 5_000;

/**
 * The outbox's sender as a service of the app: woken right after a request whose transaction queued a
 * message, and every few seconds for the rest. One look at a time in this instance; other instances
 * never take the same rows (FOR UPDATE SKIP LOCKED, server/correo/envio.ts).
 */
export const correoPlugin = fp(
  async (app: FastifyInstance) => {
    const transporte = crearTransporte(app.config, app.log);
    let enCurso: Promise<Resumen> | undefined;
    let otraVez = false;
    let cerrado = false;

    const enviar = (ahora?: () => Date): Promise<Resumen> =>
      enviarPendientes(app.db, transporte.enviar, {
        ...(ahora ? { ahora } : {}),
        alFallar: (id, error) => app.log.warn({ correo: id, err: error }, 'no se pudo enviar un correo: se reintenta más tarde'),
      });

    const despertar = () => {
      if (cerrado) return;
      if (enCurso) {
        otraVez = true;
        return;
      }
      enCurso = enviar()
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'falló el envío de correos pendientes');
          return { enviados: 0, descartados: 0, fallidos: 0 };
        })
        .finally(() => {
          enCurso = undefined;
          if (otraVez) {
            otraVez = false;
            despertar();
          }
        });
    };

    app.decorate('correo', {
      despertar,
      enviarPendientes: async (ahora) => {
        await enCurso;
        return enviar(ahora);
      },
      transporte,
    });

    let vistos = mensajesEncolados();
    // The response goes out after the request's transaction committed: its messages can be sent now.
    app.addHook('onResponse', async () => {
      const ahora = mensajesEncolados();
      if (ahora !== vistos) {
        vistos = ahora;
        despertar();
      }
    });
    const intervalo = setInterval(despertar, SONDEO_MS);
    intervalo.unref();
    app.addHook('onClose', async () => {
      cerrado = true;
      clearInterval(intervalo);
      await enCurso;
      transporte.cerrar();
    });
    app.log.info({ destino: transporte.destino }, 'correo listo');
  },
  { name: 'correo', dependencies: ['db'] },
);
