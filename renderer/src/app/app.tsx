/** The application shell. Screens arrive feature by feature (see the open issues). */
export function App() {
  return (
    <main>
      <h1>Device Check Desk</h1>
    </main>
  );
}
