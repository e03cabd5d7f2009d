// Mantine's notification list alone, as a chunk of its own (App mounts it lazily; the
// snackbar's store, `notifications.show`, stays in the entry and keeps what is shown meanwhile).
export { Notifications as default } from '@mantine/notifications';
