// Its own chunk: the toasts' container (transitions, portal) is fetched with the first toast.
import { Notifications } from '@mantine/notifications';

export default function Notificaciones() {
  return <Notifications position="top-right" />;
}
