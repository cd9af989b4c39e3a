import { expect, test } from './support/test';
import { DashboardPage, LoginPage, signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { RoomsPage, type NewUser } from './support/rooms.po';
import { readServerState } from './support/server-state';

// Names are unique per run so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);

test('owner creates a room and a user and assigns them; the user sees exactly that room', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, 'owner');
  const problems = watchConsole(owner);
  const ownerRooms = new RoomsPage(owner);
  await ownerRooms.open();
  await expect(owner.getByRole('link', { name: 'BETA 1.4' })).toBeVisible();
  await captureScreen(owner, 'rooms-owner');

  const roomName = `Rebar Inspection ${suffix}`;
  const category = `Inspection ${suffix}`;
  const createDialog = await ownerRooms.openCreateRoom();
  await createDialog.getByRole('button', { name: 'Create Room' }).click();
  await expect(createDialog.getByText('Room name is required')).toBeVisible();
  await captureScreen(owner, 'create-room-dialog');
  await ownerRooms.createRoom(createDialog, roomName, category);

  const crew: NewUser = {
    firstName: 'Casey',
    lastName: `Crew ${suffix}`,
    email: `casey-${suffix}@fieldcraft.local`,
    username: `casey-${suffix}`,
    password: 'initial-pass-1',
  };
  const userDialog = await ownerRooms.openAddUser();
  await userDialog.getByRole('button', { name: 'Create User' }).click();
  await expect(userDialog.getByText('First name is required')).toBeVisible();
  await ownerRooms.fillUser(userDialog, crew);
  await captureScreen(owner, 'add-user-dialog');
  await ownerRooms.submitUser(userDialog);

  const access = await ownerRooms.openManageAccess(roomName);
  await ownerRooms.assign(access, new RegExp(crew.email));
  await expect(access.getByText('Users with access (1)')).toBeVisible();
  await expect(access.getByText(crew.email)).toBeVisible();
  await captureScreen(owner, 'manage-access-dialog');
  await access.getByRole('button', { name: 'Done' }).click();

  // The new user: initial password, forced change, then exactly the assigned room.
  const crewPage = await (await browser.newContext()).newPage();
  const crewLogin = new LoginPage(crewPage);
  await crewLogin.open();
  await crewLogin.signIn(crew.email, crew.password);
  await crewLogin.changePassword(crew.password, 'crew-chosen-pass-1');
  await expect(crewLogin.toast('Password Changed')).toBeVisible();
  await new DashboardPage(crewPage).expectGreeting('Casey');
  const crewRooms = new RoomsPage(crewPage);
  await crewRooms.open();
  await expect(crewRooms.availableCount()).toHaveText('1');
  await expect(crewRooms.cards()).toHaveCount(1);
  await expect(crewRooms.card(roomName)).toBeVisible();
  await expect(crewRooms.card(roomName).getByText('Ready to join')).toBeVisible();
  await expect(crewRooms.card(roomName).getByRole('link', { name: 'Enter Room' })).toBeVisible();
  // No owner tools for a USER.
  await expect(crewPage.getByRole('button', { name: 'Create New Room' })).toHaveCount(0);
  await expect(crewPage.getByRole('button', { name: 'ADD ROOM' })).toHaveCount(0);
  await captureScreen(crewPage, 'rooms-user');

  // Pausing makes the room unavailable to the user.
  await ownerRooms.toggleStatus(roomName, 'Pause Room');
  await expect(
    ownerRooms.card(roomName).getByRole('button', { name: 'Unavailable' }),
  ).toBeDisabled();
  await crewPage.reload();
  await expect(crewRooms.card(roomName).getByText('Temporarily paused')).toBeVisible();
  await expect(
    crewRooms.card(roomName).getByRole('button', { name: 'Unavailable' }),
  ).toBeDisabled();
  await expect(crewRooms.card(roomName).getByRole('link', { name: 'Enter Room' })).toHaveCount(0);

  // Deleting (after the browser's confirmation) leaves the user with nothing assigned.
  await ownerRooms.delete(roomName);
  await crewPage.reload();
  await expect(crewPage.getByRole('heading', { name: 'No rooms assigned' })).toBeVisible();
  await expect(
    crewPage.getByText('Contact your administrator to get access to training rooms.'),
  ).toBeVisible();
  await expect(crewPage.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  await captureScreen(crewPage, 'rooms-user-none-assigned');

  expect(problems).toEqual([]);
});

test('a USER filters and searches rooms and enters a live one', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  const rooms = new RoomsPage(page);
  await rooms.open();
  const total = await rooms.cards().count();
  expect(total).toBeGreaterThan(1);

  await rooms.search().fill('safety');
  await expect(rooms.cards()).toHaveCount(1);
  await expect(rooms.card('Site Safety Briefing')).toBeVisible();
  await rooms.search().fill('');
  await expect(rooms.cards()).toHaveCount(total);

  await rooms.filterStatus('Paused');
  for (const card of await rooms.cards().all())
    await expect(card.getByText('Temporarily paused')).toBeVisible();
  await rooms.filterStatus('All');
  await rooms.filterCategory('Training');
  for (const card of await rooms.cards().all())
    await expect(card.getByText('Training', { exact: true })).toBeVisible();

  await rooms.search().fill('no such room anywhere');
  await expect(page.getByRole('heading', { name: 'No rooms match your filters' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms or filters.')).toBeVisible();
  await captureScreen(page, 'rooms-no-match');

  await rooms.search().fill('');
  await rooms.filterCategory('All Categories');
  await rooms.card('Site Safety Briefing').getByRole('link', { name: 'Enter Room' }).click();
  await expect(page).toHaveURL(/\/test-room\/\d+\?session=\d{13}-[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Safety Briefing' })).toBeVisible();
});

test("the owner's navigation: ADD ROOM opens the one room form; the menus link on", async ({
  page,
}) => {
  const { ownerEmail } = readServerState();
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(ownerEmail, OWNER_CHOSEN_PASSWORD);
  await new DashboardPage(page).expectGreeting('owner');
  const rooms = new RoomsPage(page);
  await rooms.open();

  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('menuitem', { name: 'AI Assistant Chat' })).toHaveAttribute(
    'href',
    '/simple-chat',
  );
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Management' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Owner Control',
    'User Management',
    'Companies',
    'Fast Redeploy',
  ]);
  await page.keyboard.press('Escape');

  // One create flow: ADD ROOM opens the same Create New Room form as the rooms page.
  await page.getByRole('button', { name: 'ADD ROOM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Room' });
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await expect(dialog.getByText('Room name is required')).toBeVisible();
  await captureScreen(page, 'add-room-dialog');
  const name = `Quick Room ${suffix}`;
  await dialog.getByRole('textbox', { name: /Room Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await expect(rooms.toast('Room created successfully')).toBeVisible();
  await expect(rooms.card(name)).toBeVisible();
  await expect(rooms.card(name).getByText('Training', { exact: true })).toBeVisible();
  await rooms.delete(name);
});
