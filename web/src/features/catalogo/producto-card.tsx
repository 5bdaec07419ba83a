import { IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { srcsetImagen } from '../../../../domain/imagenes';
import { formatearPrecio } from '../../../../domain/money';
import type { Producto } from '../../../../domain/producto';
import { estaDisponible, insigniaDeStock } from '../../../../domain/producto-reglas';
import { paths, urlImagen } from '../../app/paths';
import { aProductoCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import tarjeta from '../../components/tarjeta.module.css';
import classes from './producto-card.module.css';

/** 'alta': the page's likely largest paint, fetched first; 'normal': above the fold; 'baja': loaded when scrolled to. */
export type PrioridadImagen = 'alta' | 'normal' | 'baja';

/**
 * A catalogue card in plain elements styled with the theme's variables (its frame, badge and buttons in
 * components/tarjeta.module.css, shared with the promotions' card; the rest in producto-card.module.css), not
 * Mantine components: the page draws 24 of them, and each Mantine Card, Text, Badge and Button works out
 * its styles and colors in JavaScript on every render, most of what taking over the page cost the browser.
 * `mantine-focus-auto` and `mantine-active` are Mantine's global focus ring and pressed effect.
 */
export function ProductoCard({ producto, prioridad = 'baja' }: { producto: Producto; prioridad?: PrioridadImagen }) {
  const { agregarProducto, alMaximo } = useAgregarAlCarrito();
  const disponible = estaDisponible(producto.stock);
  const insignia = insigniaDeStock(producto.stock);
  const lleno = alMaximo(producto);
  return (
    <article className={`${tarjeta.tarjeta} ${classes.card}`} aria-label={producto.denominacion}>
      <div className={classes.imagenCaja}>
        <img
          src={urlImagen(producto.imagen)}
          srcSet={srcsetImagen(producto.imagen)}
          sizes="(max-width: 62em) 50vw, 320px"
          alt={producto.denominacion}
          width={400}
          height={300}
          loading={prioridad === 'baja' ? 'lazy' : 'eager'}
          fetchPriority={prioridad === 'alta' ? 'high' : 'auto'}
          className={classes.imagen}
        />
        {insignia && (
          <span className={`${tarjeta.insignia} ${classes.badge}`} data-color={insignia.tipo === 'sinStock' ? 'oscuro' : 'aviso'}>
            {insignia.texto}
          </span>
        )}
      </div>
      <div className={classes.cuerpo}>
        <h2 className={classes.nombre}>{producto.denominacion}</h2>
        <p className={classes.marca}>{producto.marca}</p>
        <p className={classes.precio}>{formatearPrecio(producto.precio)}</p>
        {disponible && lleno && (
          <p className={tarjeta.aviso} role="status">
            {MENSAJES_CARRITO.maximoAgregado}
          </p>
        )}
      </div>
      <div className={classes.acciones}>
        <button
          type="button"
          className={`${tarjeta.boton} mantine-focus-auto mantine-active`}
          data-variante="relleno"
          data-con-icono
          onClick={() => agregarProducto(aProductoCarrito(producto))}
          disabled={lleno}
          aria-label={`Agregar al carrito: ${producto.denominacion}`}
        >
          <IconShoppingCartPlus size={18} aria-hidden />
          Agregar al carrito
        </button>
        <Link
          className={`${tarjeta.boton} mantine-focus-auto mantine-active`}
          data-variante="suave"
          to={paths.producto(producto.id)}
          aria-label={`Ver detalles: ${producto.denominacion}`}
        >
          Ver detalles
        </Link>
      </div>
    </article>
  );
}
