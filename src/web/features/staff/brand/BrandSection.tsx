import { useSession } from '../../auth/session';
import { messageOf } from '../console/access';
import { BrandForm } from './BrandForm';
import { BrandImages } from './BrandImages';
import { useAdminBrand } from './brand-api';

/** The product's name, tagline, addresses, default theme and images. Admins change them. */
export function BrandSection() {
  const brand = useAdminBrand();
  const { user } = useSession();
  const readOnly = user?.role !== 'admin';
  if (brand.isPending) return <p className="text-muted">Loading the brand...</p>;
  if (brand.isError) {
    return (
      <p role="alert" className="text-error">
        {messageOf(brand.error)}
      </p>
    );
  }
  return (
    <div className="space-y-8">
      {readOnly && <p className="text-sm text-muted">Only an admin can change the brand.</p>}
      <BrandForm brand={brand.data} readOnly={readOnly} />
      <BrandImages brand={brand.data} readOnly={readOnly} />
    </div>
  );
}
