import { describe, expect, it } from 'vitest';
import { separarSocket } from './preparadas';

describe('separarSocket (a DATABASE_URL through a Unix socket, for postgres.js)', () => {
  it('takes the socket directory out of the query and gives the URL a host name postgres.js can read', () => {
    expect(separarSocket('postgres://tienda@/libreria?host=/var/run/postgresql')).toEqual({
      url: 'postgres://tienda@localhost/libreria',
      host: '/var/run/postgresql',
    });
    expect(separarSocket('postgresql:///libreria?host=%2Ftmp&application_name=tienda')).toEqual({
      url: 'postgresql://localhost/libreria?application_name=tienda',
      host: '/tmp',
    });
    // The port names the socket's file (.s.PGSQL.5433).
    expect(separarSocket('postgres://tienda:clave@/libreria?host=/run/pg&port=5433')).toEqual({ url: 'postgres://tienda:clave@localhost/libreria', host: '/run/pg', port: 5433 });
  });

  it('leaves a URL over TCP as it is, also with a host parameter that is no directory', () => {
    for (const url of ['postgres://postgres@127.0.0.1:5432/test', 'postgres://u@db.example/tienda?sslmode=require', 'postgres://u@db/tienda?host=otro']) {
      expect(separarSocket(url)).toEqual({ url });
    }
  });
});
