import { AppCatalogue } from '../../features/catalogue/components/app-catalogue';

export default function HomePage() {
  return (
    <div style={{ padding: 24 }}>
      <AppCatalogue />
    </div>
  );
}
