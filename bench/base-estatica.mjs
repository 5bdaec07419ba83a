// The baseline: a bare Fastify answering one static JSON file from memory. Usage: node base-estatica.mjs FILE PORT
import fs from 'node:fs';
import Fastify from 'fastify';

const [archivo, puerto] = process.argv.slice(2);
const cuerpo = fs.readFileSync(archivo);
const app = Fastify({ logger: false });
app.get('/static.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(cuerpo));
await app.listen({ port: Number(puerto), host: '127.0.0.1' });
console.log('listo');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
