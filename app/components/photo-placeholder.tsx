import { Car } from '~/components/icons';

/** Shown where a vehicle has no photo (yet): same 3:2 slot, so the layout does not move. */
export function PhotoPlaceholder({ label = 'Foto no disponible' }: { label?: string }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-100 to-slate-200 text-slate-500">
      <Car aria-hidden className="size-12" strokeWidth={1.25} />
      <span className="text-sm">{label}</span>
    </div>
  );
}
