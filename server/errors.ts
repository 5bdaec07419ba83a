// Typed errors thrown by services; `app.ts` maps them to a status and a Spanish message.

export interface ErrorDeCampo {
  campo: string;
  mensaje: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorDeCampo[],
    opciones?: ErrorOptions,
  ) {
    super(message, opciones);
    this.name = new.target.name;
  }
}

export class Invalido extends AppError {
  constructor(message: string, errors?: ErrorDeCampo[]) {
    super(400, message, errors);
  }
}
export class NoAutenticado extends AppError {
  constructor(message = 'Debés iniciar sesión para continuar.') {
    super(401, message);
  }
}
export class Prohibido extends AppError {
  constructor(message = 'No tenés permiso para realizar esta acción.') {
    super(403, message);
  }
}
export class NoEncontrado extends AppError {
  constructor(message = 'No se encontró el recurso solicitado.') {
    super(404, message);
  }
}
export class Conflicto extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class DemasiadoGrande extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TipoNoSoportado extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class DemasiadosIntentos extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}
export class NoDisponible extends AppError {
  constructor(message: string, opciones?: ErrorOptions) {
    super(503, message, undefined, opciones);
  }
}
