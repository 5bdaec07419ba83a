import { Alert, Container, Group, Image, Input, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { MENSAJES, unirMensajes } from '../../../../../domain/mensajes';
import { calcularPrecio, formatearPrecio } from '../../../../../domain/money';
import { leerNumero, numeroParaEditar, type NumeroLeido } from '../../../../../domain/numeros';
import { MENSAJES_PRODUCTO, TAMANO_MAXIMO_IMAGEN, productoInputSchema, validarProducto, type Producto } from '../../../../../domain/producto';
import { useCategorias, useGuardarProducto, useProducto, useQuitarImagenProducto } from '../../../api/admin-productos';
import { mensajeDeError } from '../../../api/client';
import { paths, urlImagen } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { ConfirmarModal } from '../comun/confirmar-modal';
import { PieFormulario } from '../comun/pie-formulario';
import { BotonOcupado } from '../comun/boton-ocupado';
import { AvisoDeError } from '../comun/aviso-de-error';

interface Valores {
  denominacion: string;
  marca: string;
  codigo: string;
  costo: string;
  porcentaje: string;
  stock: string;
  descripcion: string;
  categoriaId: string;
}

const VACIO: Valores = { denominacion: '', marca: '', codigo: '', costo: '', porcentaje: '', stock: '0', descripcion: '', categoriaId: '' };

const aValores = (p: Producto): Valores => ({
  denominacion: p.denominacion,
  marca: p.marca,
  codigo: p.codigo,
  costo: p.costo === undefined ? '' : numeroParaEditar(p.costo),
  porcentaje: p.porcentaje === undefined ? '' : numeroParaEditar(p.porcentaje),
  stock: String(p.stock),
  descripcion: p.descripcion,
  categoriaId: String(p.categoria.id),
});

/** A cost or margin that cannot be read says so under its field as it is typed. */
const errorDeNumero = (leido: NumeroLeido, campo: string) => (!leido.ok && leido.motivo === 'formato' ? MENSAJES.numeroInvalido(campo) : undefined);

/** Spec screen 17: a product, new (id 0) or existing, with its image. */
export default function FormProductoPage() {
  const id = Number(useParams().idProducto ?? 0) || 0;
  const producto = useProducto(id);
  if (id > 0 && producto.isPending) return <Cargando />;
  return <Formulario key={producto.data?.id ?? 0} id={id} producto={producto.data} errorCarga={id > 0 && producto.isError} />;
}

function Formulario({ id, producto, errorCarga }: { id: number; producto?: Producto; errorCarga: boolean }) {
  const navigate = useNavigate();
  const categorias = useCategorias();
  const guardar = useGuardarProducto();
  const quitarImagen = useQuitarImagenProducto();
  const { register, handleSubmit, watch, setValue, getValues } = useForm<Valores>({ defaultValues: producto ? aValores(producto) : VACIO });
  const [banner, setBanner] = useState('');
  const [imagen, setImagen] = useState<File | null>(null);
  const [vistaPrevia, setVistaPrevia] = useState<string | null>(null);
  const [confirmarQuitar, setConfirmarQuitar] = useState(false);
  const inputImagen = useRef<HTMLInputElement>(null);

  // A new product starts in the first category (spec section 5).
  const primera = categorias.data?.[0]?.id;
  useEffect(() => {
    if (!producto && primera && !getValues('categoriaId')) setValue('categoriaId', String(primera));
  }, [producto, primera, getValues, setValue]);

  useEffect(() => () => void (vistaPrevia && URL.revokeObjectURL(vistaPrevia)), [vistaPrevia]);

  // The live price reads cost and margin as the server will (domain/numeros.ts: '1.000' is a thousand).
  const costo = leerNumero(watch('costo'));
  const porcentaje = leerNumero(watch('porcentaje'));
  const precio = costo.ok && porcentaje.ok ? formatearPrecio(calcularPrecio(costo.valor, porcentaje.valor)) : '';

  const elegirImagen = (e: React.ChangeEvent<HTMLInputElement>) => {
    const archivo = e.currentTarget.files?.[0] ?? null;
    const rechazar = (mensaje: string) => {
      setBanner(mensaje);
      setImagen(null);
      setVistaPrevia(null);
      if (inputImagen.current) inputImagen.current.value = '';
    };
    if (!archivo) return rechazar('');
    if (!archivo.type.startsWith('image/')) return rechazar(MENSAJES.soloImagenes);
    if (archivo.size > TAMANO_MAXIMO_IMAGEN) return rechazar(MENSAJES.imagenMaximo5MBSeleccion);
    setBanner('');
    setImagen(archivo);
    setVistaPrevia(URL.createObjectURL(archivo));
  };

  const enviar = (v: Valores) => {
    const entrada = productoInputSchema.safeParse({
      denominacion: v.denominacion,
      marca: v.marca,
      codigo: v.codigo,
      costo: v.costo,
      porcentaje: v.porcentaje,
      stock: v.stock.trim() === '' ? 0 : v.stock,
      descripcion: v.descripcion,
      categoria: v.categoriaId ? { id: Number(v.categoriaId) } : null,
    });
    if (!entrada.success) return setBanner(MENSAJES.stockNoNegativo);
    const validado = validarProducto(entrada.data);
    if (!validado.ok) return setBanner(unirMensajes(validado.mensajes));
    setBanner('');
    guardar.mutate(
      {
        producto: {
          ...(id > 0 ? { id } : {}),
          denominacion: v.denominacion,
          marca: v.marca,
          codigo: v.codigo,
          costo: v.costo,
          porcentaje: v.porcentaje,
          stock: validado.valor.stock,
          ...(producto ? { stockLeido: producto.stock } : {}),
          descripcion: v.descripcion,
          categoria: { id: validado.valor.categoriaId },
        },
        imagen,
      },
      {
        onSuccess: (guardado) => {
          const nombre = guardado?.denominacion ?? v.denominacion;
          notifications.show({ color: 'green', message: id > 0 ? MENSAJES_PRODUCTO.actualizado(nombre) : MENSAJES_PRODUCTO.creado(nombre) });
          // Sales or loads while the form was open: the change was applied to them, so say what there is now.
          if (guardado && guardado.stock !== validado.valor.stock) {
            notifications.show({ color: 'yellow', message: MENSAJES_PRODUCTO.stockMovidoAlEditar(nombre, guardado.stock), autoClose: 10_000 });
          }
          navigate(paths.grillaProductos);
        },
        onError: (e) => setBanner(mensajeDeError(e, MENSAJES_PRODUCTO.errorAlGuardar)),
      },
    );
  };

  const imagenActual = vistaPrevia ?? (producto?.imagen ? urlImagen(producto.imagen) : null);

  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {id > 0 ? 'Editar producto' : 'Nuevo producto'}
      </Title>
      <Stack gap="xs" mb="md">
        {errorCarga && <Alert color="red">{MENSAJES.errorCargarProducto}</Alert>}
        {categorias.isError && <Alert color="red">{MENSAJES.errorCargarCategorias}</Alert>}
        {banner && <AvisoDeError mensaje={banner} onCerrar={() => setBanner('')} />}
      </Stack>
      <Paper withBorder p="md" component="form" aria-label="Formulario de producto" onSubmit={handleSubmit(enviar)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Denominación" {...register('denominacion')} />
          <TextInput label="Marca" {...register('marca')} />
          <TextInput label="Código" {...register('codigo')} />
          <NativeSelect
            label="Categoría"
            {...register('categoriaId')}
            data={[
              ...(categorias.data?.length ? [] : [{ value: '', label: categorias.isPending ? 'Cargando...' : 'Sin categorías' }]),
              ...(categorias.data ?? []).map((c) => ({ value: String(c.id), label: c.denominacion })),
            ]}
          />
          <TextInput label="Costo" inputMode="decimal" placeholder="0,00" error={errorDeNumero(costo, 'El costo')} {...register('costo')} />
          <TextInput
            label="Porcentaje"
            inputMode="decimal"
            placeholder="Ej.: 50"
            rightSection="%"
            error={errorDeNumero(porcentaje, 'El porcentaje')}
            {...register('porcentaje')}
          />
          <TextInput label="Precio" value={precio} readOnly variant="filled" description="Costo × (1 + porcentaje / 100)" />
          <TextInput label="Stock" type="number" step={1} {...register('stock')} />
          <TextInput label="Cantidad vendida" value={String(producto?.cantidadVendida ?? 0)} readOnly variant="filled" />
          <Input.Wrapper label="Imagen" description="JPEG, PNG o GIF, hasta 5 MB" id="imagen-producto">
            <input
              id="imagen-producto"
              ref={inputImagen}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              onChange={elegirImagen}
              style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
            />
          </Input.Wrapper>
        </SimpleGrid>
        <Textarea label="Descripción" mt="md" autosize minRows={3} {...register('descripcion')} />
        {imagenActual && (
          <Group mt="md" align="flex-end">
            <Image src={imagenActual} alt={vistaPrevia ? 'Vista previa de la imagen' : 'Imagen actual del producto'} w={160} h={160} fit="contain" radius="md" bd="1px solid var(--mantine-color-gray-3)" />
            {!vistaPrevia && producto?.imagen && (
              <BotonOcupado
                variant="subtle"
                color="red"
                leftSection={<IconPhotoX size={16} />}
                ocupado={quitarImagen.isPending}
                onClick={() => setConfirmarQuitar(true)}
              >
                Quitar imagen
              </BotonOcupado>
            )}
          </Group>
        )}
        {producto && (
          <ConfirmarModal
            abierto={confirmarQuitar}
            titulo="Quitar imagen"
            textoConfirmar="Quitar imagen"
            confirmando={quitarImagen.isPending}
            onCancelar={() => setConfirmarQuitar(false)}
            onConfirmar={() =>
              quitarImagen.mutate(producto.id, {
                onSuccess: () => notifications.show({ color: 'green', message: MENSAJES_PRODUCTO.imagenQuitada(producto.denominacion) }),
                onError: (e) => notifications.show({ color: 'red', message: mensajeDeError(e, MENSAJES_PRODUCTO.errorQuitarImagen) }),
                onSettled: () => setConfirmarQuitar(false),
              })
            }
          >
            {MENSAJES_PRODUCTO.confirmarQuitarImagen(producto.denominacion)}
          </ConfirmarModal>
        )}
        <PieFormulario volverA={paths.grillaProductos} guardando={guardar.isPending} />
      </Paper>
    </Container>
  );
}
