import { toast } from "sonner";
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from "../../shared/limits";

/** Toasts with the spec's durations: success 2 s, error 4 s, loading until dismissed. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_SUCCESS_MS }),
  error: (message: string) => toast.error(message, { duration: TOAST_ERROR_MS }),
  loading: (message: string) => toast.loading(message, { duration: Number.POSITIVE_INFINITY }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
