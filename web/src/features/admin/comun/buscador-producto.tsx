import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { formatearPrecio } from '../../../../../domain/money';
import { useSugerenciasProducto, type CampoSugerencia, type SugerenciaProducto } from '../../../api/admin-productos';

interface Props {
  label: string;
  campo: CampoSugerencia;
  onSeleccionar: (producto: SugerenciaProducto) => void;
  placeholder?: string;
}

/**
 * A search box with up to 5 product suggestions (the catalogue's search: any order, accents, typos, synonyms).
 * The list closes on an outside click or Escape; arrows and Enter choose with the keyboard. The box sits in
 * forms (stock, a sale's line, a promotion): its Enter never submits them, or a product chosen before would be
 * saved while another name is typed.
 */
export function BuscadorProducto({ label, campo, onSeleccionar, placeholder }: Props) {
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setActiva(-1);
    },
  });
  const [texto, setTexto] = useState('');
  // The highlighted option, kept here: the combobox's own aria-activedescendant outlived a choice and named an
  // option gone from the page (the one chosen before) while the next text's list was empty or loading.
  const [activa, setActiva] = useState(-1);
  const idBase = useId();
  const idOpcion = (i: number) => `${idBase}-opcion-${i}`;
  const [buscado] = useDebouncedValue(texto.trim(), 200);
  const { data, isFetching } = useSugerenciasProducto(campo, buscado);
  // Only the current text's: while the next key's wait runs, the last text's are not there to choose.
  const alDia = buscado !== '' && buscado === texto.trim();
  const sugerencias = alDia ? (data ?? []).slice(0, 5) : [];
  const buscando = isFetching || (texto.trim() !== '' && !alDia);

  const elegir = (id: string) => {
    const producto = sugerencias.find((s) => String(s.id) === id);
    if (!producto) return;
    onSeleccionar(producto);
    setTexto('');
    setActiva(-1);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={elegir} withinPortal={false}>
      <Combobox.Target
        withExpandedAttribute
        // null, not undefined: Mantine drops undefined props, and its own value would stay.
        aria-activedescendant={combobox.dropdownOpened && activa >= 0 && activa < sugerencias.length ? idOpcion(activa) : null}
      >
        <TextInput
          label={label}
          role="combobox"
          aria-autocomplete="list"
          placeholder={placeholder}
          value={texto}
          autoComplete="off"
          onKeyDown={(e) => {
            // A highlighted suggestion is chosen by the combobox itself, after this.
            if (e.key === 'Enter') e.preventDefault();
            // The combobox moves its highlight after this handler: read it then.
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') setTimeout(() => setActiva(combobox.getSelectedOptionIndex()), 0);
          }}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setActiva(-1);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => texto && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={buscando ? <Loader size="xs" /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!texto.trim()}>
        {/* Outside the list: a listbox holds options only. */}
        {sugerencias.length === 0 && <Combobox.Empty>{buscando ? 'Buscando...' : 'Sin resultados'}</Combobox.Empty>}
        <Combobox.Options aria-label={campo === 'codigo' ? 'Productos sugeridos por código' : 'Productos sugeridos por nombre'} hidden={sugerencias.length === 0}>
          {sugerencias.map((s, i) => (
            // Named by what it shows: name, code, brand, stock and price are read out as seen.
            <Combobox.Option value={String(s.id)} key={s.id} id={idOpcion(i)}>
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
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
