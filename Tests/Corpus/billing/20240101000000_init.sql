-- A subscriptions starter: customers, products and prices mirrored from a billing provider,
-- profiles created by a sign-up trigger.
create type public.pricing_type as enum ('one_time', 'recurring');
create type public.pricing_plan_interval as enum ('day', 'week', 'month', 'year');
create type public.subscription_status as enum ('trialing', 'active', 'canceled', 'incomplete', 'past_due', 'unpaid');

create table public.users (
  id uuid references auth.users not null primary key,
  full_name text,
  username text unique,
  avatar_url text,
  billing_address jsonb,
  constraint username_length check (char_length(username) >= 3)
);
alter table public.users enable row level security;
create policy "Can view own user data." on public.users for select using (auth.uid() = id);
create policy "Can update own user data." on public.users for update using (auth.uid() = id);

create function public.handle_new_user()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
begin
  insert into public.users (id, full_name, avatar_url)
  values (new.id, new.raw_user_meta_data->>'full_name', new.raw_user_meta_data->>'avatar_url');
  return new;
end;
$$;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute procedure public.handle_new_user();

create table public.customers (
  id uuid references auth.users not null primary key,
  stripe_customer_id text
);
alter table public.customers enable row level security;

create table public.products (
  id text primary key,
  active boolean,
  name text,
  description text,
  image text,
  metadata jsonb
);
alter table public.products enable row level security;
create policy "Allow public read-only access." on public.products for select using (true);

create table public.prices (
  id text primary key,
  product_id text references public.products,
  active boolean,
  description text,
  unit_amount bigint,
  currency text check (char_length(currency) = 3),
  type public.pricing_type,
  interval public.pricing_plan_interval,
  interval_count integer,
  trial_period_days integer,
  metadata jsonb
);
alter table public.prices enable row level security;
create policy "Allow public read-only access." on public.prices for select using (true);

create table public.subscriptions (
  id text primary key,
  user_id uuid references auth.users not null,
  status public.subscription_status,
  metadata jsonb,
  price_id text references public.prices,
  quantity integer,
  cancel_at_period_end boolean,
  created timestamptz default timezone('utc'::text, now()) not null,
  current_period_start timestamptz default timezone('utc'::text, now()) not null,
  current_period_end timestamptz default timezone('utc'::text, now()) not null,
  ended_at timestamptz default timezone('utc'::text, now()),
  trial_end timestamptz default timezone('utc'::text, now())
);
alter table public.subscriptions enable row level security;
create policy "Can only view own subs data." on public.subscriptions for select using (auth.uid() = user_id);

drop publication if exists supabase_realtime;
create publication supabase_realtime for table public.products, public.prices;
