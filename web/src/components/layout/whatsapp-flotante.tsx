import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import { useConfigPublica } from '../../api/config';
import classes from './whatsapp-flotante.module.css';

/** Scrolling down (reading): true; scrolling up, or near the top: false. Small moves are ignored. */
function useOcultoAlBajar(): boolean {
  const [oculto, setOculto] = useState(false);
  useEffect(() => {
    let ultimo = window.scrollY;
    const alDesplazar = () => {
      const y = window.scrollY;
      if (Math.abs(y - ultimo) < 8) return;
      setOculto(y > ultimo && y > 80);
      ultimo = y;
    };
    window.addEventListener('scroll', alDesplazar, { passive: true });
    return () => window.removeEventListener('scroll', alDesplazar);
  }, []);
  return oculto;
}

/** The floating chat link with a prefilled message (spec screens 1, 5 and 10). */
export function WhatsappFlotante({ mensaje = '¡Hola! Quisiera hacer una consulta.' }: { mensaje?: string }) {
  const { data } = useConfigPublica();
  const oculto = useOcultoAlBajar();
  if (!data) return null;
  return (
    <a
      className={oculto ? `${classes.boton} ${classes.oculto}` : classes.boton}
      href={enlaceWhatsapp(data.whatsappContacto, mensaje)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escribinos por WhatsApp"
    >
      <IconBrandWhatsapp size={30} />
    </a>
  );
}
