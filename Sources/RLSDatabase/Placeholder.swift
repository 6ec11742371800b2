// Placeholder until this layer's issue lands.
