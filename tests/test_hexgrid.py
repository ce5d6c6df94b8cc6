from pygame_core.hexgrid import (DIRECTIONS, Hex, components, direction_between, distance, frontier,
                                 hexagon, is_connected, line, normalize, opposite, ring, rotate, to_pixel)


def test_six_directions_clockwise_and_opposites():
    for d in range(6):
        assert DIRECTIONS[d] + DIRECTIONS[opposite(d)] == Hex(0, 0)
        assert rotate(DIRECTIONS[d], 1) == DIRECTIONS[(d + 1) % 6]


def test_rotation_six_times_is_identity_and_keeps_distance():
    h = Hex(3, -1)
    assert rotate(h, 6) == h
    for k in range(6):
        assert distance(rotate(h, k), Hex(0, 0)) == distance(h, Hex(0, 0))


def test_rings_and_hexagons_have_the_right_sizes():
    assert len(ring(Hex(0, 0), 2)) == 12
    assert len(hexagon(3)) == 37
    assert all(distance(c, Hex(0, 0)) == 2 for c in ring(Hex(0, 0), 2))


def test_connectivity_and_frontier():
    group = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]
    assert is_connected(group)
    assert not is_connected(group + [Hex(5, 5)])
    assert [len(g) for g in components(group + [Hex(5, 5)])] == [3, 1]
    assert len(frontier([Hex(0, 0)])) == 6


def test_lines_directions_and_normal_forms():
    assert line(Hex(0, 0), 0, 3) == [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert direction_between(Hex(0, 0), Hex(0, 1)) == 1
    assert direction_between(Hex(0, 0), Hex(2, 0)) is None
    assert normalize([Hex(5, 5), Hex(6, 5)]) == normalize([Hex(0, 0), Hex(1, 0)])


def test_neighbours_are_one_size_apart_on_screen():
    for d in DIRECTIONS:
        x, y = to_pixel(d, 10)
        assert abs((x * x + y * y) ** 0.5 - 10 * 3 ** 0.5) < 1e-9
