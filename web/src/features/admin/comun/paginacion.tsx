import { Group, Pagination, Text } from '@mantine/core';

interface Props {
  pagina: number;
  porPagina: number;
  total: number;
  onCambiar: (pagina: number) => void;
}

const ETIQUETAS = { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' } as const;

/** Paging under a grid: the grids stay fast with thousands of rows. */
export function Paginacion({ pagina, porPagina, total, onCambiar }: Props) {
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed">
        {total === 1 ? '1 resultado' : `${total} resultados`} · Página {pagina} de {paginas}
      </Text>
      {paginas > 1 && (
        <Pagination
          total={paginas}
          value={pagina}
          onChange={onCambiar}
          size="sm"
          siblings={1}
          aria-label="Paginación"
          getControlProps={(control) => ({ 'aria-label': ETIQUETAS[control] })}
          getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        />
      )}
    </Group>
  );
}
