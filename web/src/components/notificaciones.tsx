// Its own chunk: the toasts' container (transitions, portal) is fetched with the first toast.
import { Notifications } from '@mantine/notifications';

/**
 * Bottom left: away from the headers of the right-hand panels (the cart's close button was under a toast
 * at the top right) and from the WhatsApp button at the bottom right. Their close buttons are named in
 * the theme.
 */
export default function Notificaciones() {
  return <Notifications position="bottom-left" />;
}
