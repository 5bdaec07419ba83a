import { IconBrandWhatsapp } from '@tabler/icons-react';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import { useConfigPublica } from '../../api/config';
import classes from './whatsapp-flotante.module.css';

/** The floating chat link with a prefilled message (spec screens 1, 5 and 10). */
export function WhatsappFlotante({ mensaje = '¡Hola! Quisiera hacer una consulta.' }: { mensaje?: string }) {
  const { data } = useConfigPublica();
  if (!data) return null;
  return (
    <a
      className={classes.boton}
      href={enlaceWhatsapp(data.whatsappContacto, mensaje)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escribinos por WhatsApp"
    >
      <IconBrandWhatsapp size={30} />
    </a>
  );
}
