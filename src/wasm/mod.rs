pub mod lights;
