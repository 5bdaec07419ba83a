export { paths } from '../../../domain/rutas';

export const urlImagen = (imagen: string | null | undefined) => (imagen ? `/uploads/${imagen}` : '/sin-imagen.svg');
