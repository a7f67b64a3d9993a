import type { LeadPhotoRef } from '@contracts/admin-leads';
import { Card } from '~/components/admin/ui';

/**
 * The appraisal photos. They come from the staff-only photo route (never /media): personal data. Each thumbnail opens
 * the full-size picture.
 */
export function LeadPhotos({ photos }: { photos: LeadPhotoRef[] }) {
  return (
    <Card title={`Fotos del vehículo (${photos.length})`}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.url}
              target="_blank"
              rel="noopener"
              className="group block overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
            >
              <img
                src={photo.thumbUrl}
                alt={`Foto ${index + 1} de ${photos.length}, abrir en tamaño completo`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover transition group-hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-600 text-xs">Datos personales: solo para uso interno.</p>
    </Card>
  );
}
