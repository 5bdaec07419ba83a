import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mensajesEncolados } from './cola';
import { enviarPendientes, type Resumen } from './envio';
import { limpiarCorreo, type Limpieza } from './limpieza';
import { crearTransporte, type Transporte } from './transporte';

export interface ServicioDeCorreo {
  /** Looks at the outbox now (or right after the look under way). */
  despertar: () => void;
  /** After the look under way, sends what is due (at `ahora`, tests) and answers when done. */
  enviarPendientes: (ahora?: () => Date) => Promise<Resumen>;
  /** Deletes what is past CORREO_RETENER_DIAS at `ahora` (now); also runs on its own after start and every hour. */
  limpiar: (ahora?: Date) => Promise<Limpieza>;
  transporte: Transporte;
}

declare module 'fastify' {
  interface FastifyInstance {
    correo: ServicioDeCorreo;
  }
}

/** Without news, the outbox is looked at this often: messages queued by another instance, retries. */
export const SONDEO_MS = 5_000;
/** How often old messages and links are deleted (server/correo/limpieza.ts). */
export const LIMPIEZA_MS = 60 * 60_000;

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

    let limpiezaEnCurso: Promise<unknown> | undefined;
    const limpiar = (ahora?: Date): Promise<Limpieza> => {
      const hecha = limpiarCorreo(app.db, { dias: app.config.CORREO_RETENER_DIAS, ...(ahora ? { ahora } : {}) });
      limpiezaEnCurso = hecha.catch(() => undefined);
      return hecha;
    };
    const limpiarSola = () => {
      if (cerrado) return;
      limpiar().then(
        (r) => (r.correos + r.enlaces > 0 ? app.log.info(r, 'correos y enlaces viejos borrados') : undefined),
        (error: unknown) => app.log.warn({ err: error }, 'no se pudieron borrar los correos viejos: se intenta en la próxima hora'),
      );
    };

    app.decorate('correo', {
      despertar,
      limpiar,
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
    const intervaloLimpieza = setInterval(limpiarSola, LIMPIEZA_MS);
    intervaloLimpieza.unref();
    // Once soon after start too: a shop restarted more often than hourly still cleans.
    app.addHook('onReady', async () => void setImmediate(limpiarSola));
    app.addHook('onClose', async () => {
      cerrado = true;
      clearInterval(intervalo);
      clearInterval(intervaloLimpieza);
      await Promise.all([enCurso, limpiezaEnCurso]);
      transporte.cerrar();
    });
    app.log.info({ destino: transporte.destino }, 'correo listo');
  },
  { name: 'correo', dependencies: ['db'] },
);
