import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash, IconX } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { Localidad } from '../../../../../domain/enums';
import { ALTERNATIVAS_MAXIMAS, type Nivel, type ProductoDeLista } from '../../../../../domain/lista-escolar';
import { formatearPrecio } from '../../../../../domain/money';
import type { SugerenciaProducto } from '../../../api/admin-productos';
import { BuscadorProducto } from '../comun/buscador-producto';

/** An item as the form keeps it: the API's shape, so that the list goes back as it came (domain/contratos.ts). */
export interface ItemFormulario {
  id: number | null;
  cantidad: string;
  productoId: number | null;
  texto: string;
  alternativas: number[];
  opcional: boolean;
  /** Read-only summaries for the screen: the server ignores them. */
  producto: ProductoDeLista | null;
  productosAlternativos: ProductoDeLista[];
}

export interface ValoresLista {
  id: number | null;
  escuela: string;
  localidad: Localidad;
  nivel: Nivel;
  grado: string;
  anio: string;
  notas: string;
  publicada: boolean;
  items: ItemFormulario[];
}

/** A suggestion of the product search as a list shows it (the picture is the server's business). */
export const deSugerencia = (s: SugerenciaProducto): ProductoDeLista => ({ id: s.id, denominacion: s.denominacion, marca: s.marca, precio: s.precio, stock: s.stock, imagen: null });

export const itemNuevo = (parcial: Partial<ItemFormulario> = {}): ItemFormulario => ({
  id: null,
  cantidad: '1',
  productoId: null,
  texto: '',
  alternativas: [],
  opcional: false,
  producto: null,
  productosAlternativos: [],
  ...parcial,
});

function ProductoElegido({ producto, etiqueta, onQuitar, quitar }: { producto: ProductoDeLista; etiqueta?: string; onQuitar: () => void; quitar: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {etiqueta && (
            <Text span size="xs" c="dimmed" fw={400}>
              {etiqueta}{' '}
            </Text>
          )}
          {producto.denominacion}
        </Text>
        <Text size="xs" c={producto.stock > 0 ? 'dimmed' : 'red.8'}>
          {producto.marca} · {formatearPrecio(producto.precio)} · {producto.stock > 0 ? `Stock: ${producto.stock}` : 'Sin stock'}
        </Text>
      </div>
      <Tooltip label={quitar}>
        <ActionIcon variant="subtle" color="gray" aria-label={quitar} onClick={onQuitar}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface Props {
  indice: number;
  total: number;
  onMover: (desde: number, hasta: number) => void;
  onQuitar: () => void;
}

/**
 * One item of the list's form: the school's text, the quantity, the product (the catalogue's search by
 * name) or none while it stays free text, its alternatives in order, and whether it is optional.
 */
export function ItemLista({ indice, total, onMover, onQuitar }: Props) {
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ValoresLista>();
  const n = indice + 1;
  const producto = useWatch({ control, name: `items.${indice}.producto` });
  const alternativos = useWatch({ control, name: `items.${indice}.productosAlternativos` }) ?? [];
  const error = errors.items?.[indice];
  const opciones = { shouldDirty: true } as const;

  const elegirProducto = (p: ProductoDeLista | null) => {
    setValue(`items.${indice}.productoId`, p?.id ?? null, opciones);
    setValue(`items.${indice}.producto`, p, opciones);
    // A product that was an alternative stops being one; without a product there are none.
    const restantes = p ? getValues(`items.${indice}.productosAlternativos`).filter((a) => a.id !== p.id) : [];
    setValue(`items.${indice}.productosAlternativos`, restantes, opciones);
    setValue(`items.${indice}.alternativas`, restantes.map((a) => a.id), opciones);
  };
  const cambiarAlternativas = (lista: ProductoDeLista[]) => {
    setValue(`items.${indice}.productosAlternativos`, lista, opciones);
    setValue(`items.${indice}.alternativas`, lista.map((a) => a.id), opciones);
  };
  const agregarAlternativa = (s: SugerenciaProducto) => {
    if (s.id === producto?.id || alternativos.some((a) => a.id === s.id)) return;
    cambiarAlternativas([...alternativos, deSugerencia(s)]);
  };

  return (
    <Paper component="li" withBorder p="sm" aria-label={`Ítem ${n}`}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Group gap="xs">
          <Badge variant="light" tt="none">
            Ítem {n}
          </Badge>
          {!producto && (
            <Badge color="gray" variant="outline" tt="none">
              Texto libre
            </Badge>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Subir el ítem ${n}`} disabled={indice === 0} onClick={() => onMover(indice, indice - 1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Bajar el ítem ${n}`} disabled={indice === total - 1} onClick={() => onMover(indice, indice + 1)}>
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Quitar el ítem ${n}`} onClick={onQuitar}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Texto de la escuela"
          aria-label={`Texto de la escuela del ítem ${n}`}
          style={{ flex: '3 1 240px' }}
          maxLength={300}
          error={error?.texto?.message}
          {...register(`items.${indice}.texto`)}
        />
        <TextInput
          label="Cantidad"
          aria-label={`Cantidad del ítem ${n}`}
          inputMode="numeric"
          style={{ flex: '0 1 100px' }}
          error={error?.cantidad?.message}
          {...register(`items.${indice}.cantidad`)}
        />
        <Controller
          control={control}
          name={`items.${indice}.opcional`}
          render={({ field }) => (
            <Checkbox
              label="Opcional"
              aria-label={`Opcional, ítem ${n}`}
              mt={30}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </Group>
      <Stack gap={6} mt="xs">
        {producto ? (
          <ProductoElegido producto={producto} etiqueta="Producto:" quitar={`Quitar el producto del ítem ${n}`} onQuitar={() => elegirProducto(null)} />
        ) : (
          <BuscadorProducto label={`Producto del ítem ${n}`} campo="nombre" placeholder="Buscar en el catálogo (vacío: queda como texto libre)" onSeleccionar={(s) => elegirProducto(deSugerencia(s))} />
        )}
        {producto && (
          <>
            {alternativos.map((a, i) => (
              <ProductoElegido
                key={a.id}
                producto={a}
                etiqueta={`Alternativa ${i + 1}:`}
                quitar={`Quitar la alternativa ${a.denominacion} del ítem ${n}`}
                onQuitar={() => cambiarAlternativas(alternativos.filter((x) => x.id !== a.id))}
              />
            ))}
            {alternativos.length < ALTERNATIVAS_MAXIMAS && (
              <BuscadorProducto label={`Alternativa del ítem ${n} (si el producto no tiene stock)`} campo="nombre" placeholder="Buscar una alternativa" onSeleccionar={agregarAlternativa} />
            )}
          </>
        )}
        {(error?.alternativas?.message ?? error?.productoId?.message) && (
          <Text size="xs" c="red.8" role="alert">
            {error?.alternativas?.message ?? error?.productoId?.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
