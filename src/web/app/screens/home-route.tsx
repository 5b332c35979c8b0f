import { HomeScreen } from '../../features/home/home-screen.tsx';
import { LoginForm } from '../../features/auth/login-form.tsx';

/** The landing page is the home feature with the auth feature's form inside it. */
export default function HomeRoute() {
  return <HomeScreen loginForm={<LoginForm />} />;
}
