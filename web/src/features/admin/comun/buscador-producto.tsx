import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatearPrecio } from '../../../../../domain/money';
import { useSugerenciasProducto, type CampoSugerencia, type SugerenciaProducto } from '../../../api/admin-productos';

interface Props {
  label: string;
  campo: CampoSugerencia;
  onSeleccionar: (producto: SugerenciaProducto) => void;
  placeholder?: string;
}

/**
 * A search box with up to 5 product suggestions (case-insensitive, contains).
 * The list closes on an outside click or Escape; arrows and Enter choose with the keyboard.
 */
export function BuscadorProducto({ label, campo, onSeleccionar, placeholder }: Props) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [texto, setTexto] = useState('');
  const [buscado] = useDebouncedValue(texto.trim(), 200);
  const { data, isFetching } = useSugerenciasProducto(campo, buscado);
  const sugerencias = buscado ? (data ?? []).slice(0, 5) : [];

  const elegir = (id: string) => {
    const producto = sugerencias.find((s) => String(s.id) === id);
    if (!producto) return;
    onSeleccionar(producto);
    setTexto('');
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={elegir} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={texto}
          autoComplete="off"
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => texto && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={isFetching ? <Loader size="xs" /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!buscado}>
        <Combobox.Options aria-label={campo === 'codigo' ? 'Productos sugeridos por código' : 'Productos sugeridos por nombre'}>
          {sugerencias.length === 0 ? (
            <Combobox.Empty>{isFetching ? 'Buscando...' : 'Sin resultados'}</Combobox.Empty>
          ) : (
            sugerencias.map((s) => (
              <Combobox.Option value={String(s.id)} key={s.id} aria-label={`${s.denominacion} (${s.codigo})`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div>
                    <Text size="sm" fw={500}>
                      {s.denominacion}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.codigo} · {s.marca} · Stock: {s.stock}
                    </Text>
                  </div>
                  <Text size="sm">{formatearPrecio(s.precio)}</Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
