import { AppCatalogue } from '../../features/catalogue/components/app-catalogue';

export default function HomePage() {
  return (
    <div className="portal-page">
      <AppCatalogue />
    </div>
  );
}
