from pygame_core.hexgrid import (DIRECTIONS, Hex, components, direction_between, distance, frontier,
                                 hexagon, is_connected, opposite, rotate, to_pixel)


def test_six_directions_clockwise_and_opposites():
    for d in range(6):
        assert DIRECTIONS[d] + DIRECTIONS[opposite(d)] == Hex(0, 0)
        assert rotate(DIRECTIONS[d], 1) == DIRECTIONS[(d + 1) % 6]


def test_rotation_six_times_is_identity_and_keeps_distance():
    h = Hex(3, -1)
    assert rotate(h, 6) == h
    for k in range(6):
        assert distance(rotate(h, k), Hex(0, 0)) == distance(h, Hex(0, 0))


def test_hexagons_have_the_right_sizes():
    assert len(hexagon(3)) == 37
    assert all(distance(c, Hex(0, 0)) <= 3 for c in hexagon(3))


def test_connectivity_groups_and_frontier():
    group = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]
    assert is_connected(group) and is_connected([])
    assert not is_connected(group + [Hex(5, 5)])
    assert components([Hex(5, 5), *reversed(group)]) == [group, [Hex(5, 5)]]
    assert components([Hex(9, 0), Hex(-1, 0), Hex(-2, 0)]) == [[Hex(-2, 0), Hex(-1, 0)], [Hex(9, 0)]]
    assert frontier([Hex(0, 0)]) == sorted(Hex(0, 0) + d for d in DIRECTIONS)
    board = {Hex(0, 0): "a", Hex(1, 0): "b"}
    assert frontier(board) == frontier(set(board)) and len(frontier(board)) == 8
    assert all(isinstance(c, Hex) for c in frontier(board))


def test_directions_between_neighbours():
    assert direction_between(Hex(0, 0), Hex(0, 1)) == 1
    assert direction_between(Hex(0, 0), Hex(2, 0)) is None


def test_neighbours_are_one_size_apart_on_screen():
    for d in DIRECTIONS:
        x, y = to_pixel(d, 10)
        assert abs((x * x + y * y) ** 0.5 - 10 * 3 ** 0.5) < 1e-9
